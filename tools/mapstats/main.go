package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/dungraph/dungraph/gridmap"
	"github.com/dungraph/dungraph/levelfile"
	"github.com/dungraph/dungraph/raster"
	"github.com/dungraph/dungraph/render"
)

type group struct {
	name         string
	levels, ok   int
	errs         map[string]int
	cells, bends float64 // sums over levels of the mean per corridor
	corridors    int
	elapsed      time.Duration
}

func main() {
	hex := flag.Bool("hex", false, "draw on hexagons")
	each := flag.Bool("each", false, "print a line per level")
	flag.Parse()
	var groups []*group
	byName := map[string]*group{}
	for _, path := range flag.Args() {
		name := filepath.Base(filepath.Dir(filepath.Dir(path)))
		g := byName[name]
		if g == nil {
			g = &group{name: name, errs: map[string]int{}}
			byName[name] = g
			groups = append(groups, g)
		}
		f, err := os.Open(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		d, err := levelfile.ReadJSON(f)
		f.Close()
		if err != nil {
			fmt.Fprintln(os.Stderr, path, err)
			os.Exit(1)
		}
		g.levels++
		opts := render.Raster{}
		if *hex {
			opts.Lattice = raster.Hex
		}
		start := time.Now()
		m, err := opts.Map(d)
		dt := time.Since(start)
		g.elapsed += dt
		if err != nil {
			msg := err.Error()
			g.errs[kind(msg)]++
			if *each {
				fmt.Printf("%s\tFAIL\t%.2fs\t%s\n", path, dt.Seconds(), msg)
			}
			continue
		}
		g.ok++
		c, b := quality(m)
		g.cells += c
		g.bends += b
		g.corridors += len(m.Corridors)
		if *each {
			lv, err := render.MapLevel(d, "")
			if err != nil {
				fmt.Fprintln(os.Stderr, path, err)
				os.Exit(1)
			}
			fmt.Printf("%s\tok\t%.2fs\t%d×%d cells\tscale %.3g\tcells/corridor %.2f\tbends/corridor %.2f\tcell %.4g\tlevel units/corridor %.1f\tdoors out of order at rooms %v\n", path, dt.Seconds(), m.W, m.H, m.ScaleX, c, b, m.CellSize, c*m.CellSize/m.ScaleX, gridmap.DoorsOutOfOrder(m, lv))
		}
	}
	fmt.Println("| levels | drawn | failed: reason | cells per corridor | bends per corridor | s per level |")
	fmt.Println("|---|---|---|---|---|---|")
	for _, g := range groups {
		var why []string
		for k, n := range g.errs {
			why = append(why, fmt.Sprintf("%d %s", n, k))
		}
		slices.Sort(why)
		c, b := 0.0, 0.0
		if g.ok > 0 {
			c, b = g.cells/float64(g.ok), g.bends/float64(g.ok)
		}
		fmt.Printf("| %s | %d/%d | %d: %s | %.2f | %.3f | %.2f |\n", g.name, g.ok, g.levels, g.levels-g.ok, strings.Join(why, "; "), c, b, g.elapsed.Seconds()/float64(g.levels))
	}
}

// kind is an error message without its room and corridor numbers, so that
// errors of one kind count together.
func kind(msg string) string {
	var out []rune
	digits := false
	for _, r := range msg {
		if r >= '0' && r <= '9' || r == '.' && digits {
			if !digits {
				out = append(out, 'N')
			}
			digits = true
			continue
		}
		digits = false
		out = append(out, r)
	}
	s := string(out)
	if i := strings.Index(s, "\n"); i >= 0 {
		s = s[:i]
	}
	return s
}

// quality returns the mean cells and the mean bends per corridor of m.
func quality(m *gridmap.Map) (cells, bends float64) {
	if len(m.Corridors) == 0 {
		return 0, 0
	}
	for _, c := range m.Corridors {
		cells += float64(len(c.Path))
		for i := 2; i < len(c.Path); i++ {
			a, b, d := c.Path[i-2], c.Path[i-1], c.Path[i]
			if b.X-a.X != d.X-b.X || b.Y-a.Y != d.Y-b.Y {
				bends++
			}
		}
	}
	n := float64(len(m.Corridors))
	return cells / n, bends / n
}
