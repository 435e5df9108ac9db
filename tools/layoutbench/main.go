package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"

	gonumlayout "gonum.org/v1/gonum/graph/layout"
	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/layout"
	"github.com/dungraph/dungraph/level"
	"github.com/dungraph/dungraph/rulesets"
)

func main() {
	seeds := flag.Int("seeds", 3, "graphs per size")
	flag.Parse()
	if _, err := exec.LookPath("neato"); err != nil {
		fail(errors.New("Graphviz's neato is not on the PATH, and the comparison needs it: install Graphviz (Debian: apt-get install graphviz)"))
	}
	fmt.Println("| rooms | drawing | time per graph | crossings per graph | edge-length deviation |")
	fmt.Println("|---|---|---|---|---|")
	for _, n := range []int{100, 330, 1000} {
		rs, err := rulesets.Loader{Overrides: rulesets.SizeOverrides(n)}.Bundled("caves")
		if err != nil {
			fail(err)
		}
		type total struct {
			t         time.Duration
			crossings int
			dev       float64
		}
		var ours, neato, eades total
		for seed := uint64(1); seed <= uint64(*seeds); seed++ {
			start := time.Now()
			g, err := level.Construct(rs, seed)
			if err != nil {
				fail(err)
			}
			ours.t += time.Since(start)
			ours.crossings += crossings(g)
			ours.dev += deviation(g, rs.Layout.EdgeLength)

			h := g.Clone()
			start = time.Now()
			if err := runNeato(h, rs.Layout.EdgeLength); err != nil {
				fail(err)
			}
			neato.t += time.Since(start)
			neato.crossings += crossings(h)
			neato.dev += deviation(h, rs.Layout.EdgeLength)

			e := g.Clone()
			start = time.Now()
			ea := gonumlayout.EadesR2{Updates: 200, Repulsion: 1, Rate: 0.05, Theta: 0.2, Src: rand.NewPCG(seed, 1)}
			o := gonumlayout.NewOptimizerR2(e.Undirected(true), ea.Update)
			for o.Update() {
			}
			eades.t += time.Since(start)
			for v := range e.Order() {
				e.SetPos(v, o.Coord2(int64(v)))
			}
			eades.crossings += crossings(e)
			eades.dev += deviation(e, rs.Layout.EdgeLength)
		}
		k := float64(*seeds)
		for _, r := range []struct {
			name string
			t    total
		}{{"dungraph construction (with the build)", ours}, {"Graphviz neato", neato}, {"gonum EadesR2", eades}} {
			fmt.Printf("| %d | %s | %v | %.1f | %.3f |\n", n, r.name, (r.t.t / time.Duration(*seeds)).Round(time.Millisecond), float64(r.t.crossings)/k, r.t.dev/k)
		}
	}
}

// runNeato draws g with neato and sets its positions (in points).
func runNeato(g *grammar.Graph, edgeLength float64) error {
	var dot bytes.Buffer
	dot.WriteString("graph g {\n  node [shape=point];\n")
	for _, e := range g.Edges() {
		lf := e.LengthFactor
		if lf == 0 {
			lf = 1
		}
		// len is in inches; 100 world units to the inch.
		fmt.Fprintf(&dot, "  %d -- %d [len=%g];\n", e.A, e.B, float64(edgeLength*lf)/100)
	}
	for v := range g.Order() {
		fmt.Fprintf(&dot, "  %d;\n", v)
	}
	dot.WriteString("}\n")
	cmd := exec.Command("neato", "-Tplain")
	cmd.Stdin = &dot
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("neato: %w", err)
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 4 || f[0] != "node" {
			continue
		}
		v, err1 := strconv.Atoi(f[1])
		x, err2 := strconv.ParseFloat(f[2], 64)
		y, err3 := strconv.ParseFloat(f[3], 64)
		if err1 != nil || err2 != nil || err3 != nil {
			return fmt.Errorf("neato: bad line %q", sc.Text())
		}
		g.SetPos(v, r2.Vec{X: x * 100, Y: y * 100})
	}
	return sc.Err()
}

// crossings counts pairs of non-cosmetic corridors that cross.
func crossings(g *grammar.Graph) int {
	discs := make([]layout.Disc, g.Order())
	for v := range discs {
		discs[v] = layout.Disc{ID: v, Center: g.Vertex(v).Pos}
	}
	var cs []layout.Corridor
	for _, e := range g.Edges() {
		cs = append(cs, layout.Corridor{A: e.A, B: e.B, Cosmetic: e.Cosmetic})
	}
	n := 0
	for _, c := range layout.Check(discs, cs) {
		if c.Kind == layout.CorridorCorridor {
			n++
		}
	}
	return n
}

// deviation is the scale-free RMS edge-length deviation described above.
func deviation(g *grammar.Graph, edgeLength float64) float64 {
	var ls, ts []float64
	for _, e := range g.Edges() {
		if e.Cosmetic {
			continue
		}
		lf := e.LengthFactor
		if lf == 0 {
			lf = 1
		}
		d := r2.Sub(g.Vertex(e.A).Pos, g.Vertex(e.B).Pos)
		ls = append(ls, math.Sqrt(d.X*d.X+d.Y*d.Y))
		ts = append(ts, edgeLength*lf)
	}
	var lt, tt float64
	for i := range ls {
		lt += ls[i] * ts[i]
		tt += ts[i] * ts[i]
	}
	if tt == 0 || lt == 0 {
		return math.NaN()
	}
	s := lt / tt
	var sum float64
	for i := range ls {
		r := ls[i]/(s*ts[i]) - 1
		sum += r * r
	}
	return math.Sqrt(sum / float64(len(ls)))
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "layoutbench:", err)
	os.Exit(1)
}
