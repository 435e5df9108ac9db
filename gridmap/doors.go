package gridmap

import (
	"cmp"
	"math"
	"slices"

	"github.com/dungraph/dungraph/roomshape"
)

// Door places. A corridor may enter a room only through the part of its
// wall that lies between its neighbours' corridors in the level's cyclic
// order around the room: the layout is drawn without crossings, and a
// corridor that took a door on another's side of the room could wall the
// other's side in (two corridors leaving a cave's corner, one west and one
// south, leave no door between them for a third corridor to the
// south-west).

// slotsFor returns the door slots corridor k may use in room r. With
// wide, an arc reaches over its neighbours' arcs too: the arcs split the
// wall at the bisectors, blind to the cell doors must keep between them,
// so three corridors whose doors fall on either side of a bisector can
// leave the middle one no place a cell from both (room 14 of fans seed 1,
// whose eight corridors share a 7 × 7 footprint). Negotiation (see
// negotiate) routes with wide arcs; its conflicts keep the doors apart,
// but not always in their cyclic order: two neighbouring doors of a
// crowded room may swap (fans seed 1: rooms 12 and 26), which no
// corridor touching another can undo.
func (b *builder) slotsFor(r, k int32, wide bool) []doorSpot {
	if b.doorsOf[r] == nil {
		return b.fps[r].slots(b.o.CorridorWidth)
	}
	if !wide || b.exact[r] {
		return b.doorsOf[r][k]
	}
	ring := b.ring[r]
	j := slices.Index(ring, k)
	n := len(ring)
	var out []doorSpot
	for _, d := range []int{n - 1, 0, 1} {
		out = append(out, b.doorsOf[r][ring[(j+d)%n]]...)
	}
	slices.SortFunc(out, func(a, c doorSpot) int {
		return cmp.Or(cmp.Compare(a.y, c.y), cmp.Compare(a.x, c.x), cmp.Compare(a.dir, c.dir))
	})
	return slices.Compact(out)
}

// assignDoors gives the corridors of each room with two or more corridors
// their parts of its wall. A room with no door places to spare (as many
// places apart from each other as corridors) gives each corridor its own
// place, keeping the cyclic order; of the rotations that keep it, the one
// whose places face their corridors' other rooms best (the sum of the
// cosines between each place's outward direction and the way to the other
// room) wins. Other rooms give each corridor the arc of the wall facing
// it (see arcs).
func (b *builder) assignDoors() {
	b.doorsOf = make([]map[int32][]doorSpot, len(b.fps))
	b.exact = make([]bool, len(b.fps))
	b.ring = make([][]int32, len(b.fps))
	for i := range b.fps {
		f := &b.fps[i]
		slots := f.apart(b.o.CorridorWidth)
		ks := slices.Clone(b.p.adj[i])
		if len(ks) < 2 || len(slots) < len(ks) || b.shapes[i] == roomshape.Door {
			// A door's two corridors find its two opposite sides; a room
			// with too few places is refused by footprints.
			continue
		}
		r := b.p.lv.Rooms[i]
		way := func(k int32) (float64, float64) {
			o := b.p.lv.Rooms[b.p.other(k, int32(i))]
			return o.X - r.X, o.Y - r.Y
		}
		slices.SortStableFunc(ks, func(a, c int32) int {
			ax, ay := way(a)
			cx, cy := way(c)
			return cmp.Compare(pseudoAngle(ax, ay), pseudoAngle(cx, cy))
		})
		slotAngle := func(s doorSpot) float64 {
			return pseudoAngle(float64(2*s.x+1-f.w), float64(2*s.y+1-f.h))
		}
		b.ring[i] = ks
		if len(slots) > len(ks) {
			b.doorsOf[i] = arcs(ks, f.slots(b.o.CorridorWidth), way, slotAngle)
			continue
		}
		slices.SortStableFunc(slots, func(a, c doorSpot) int { return cmp.Compare(slotAngle(a), slotAngle(c)) })
		best, bestScore := 0, math.Inf(-1)
		for shift := range slots {
			score := 0.0
			for j, k := range ks {
				dx, dy := way(k)
				d := dirs[slots[(j+shift)%len(slots)].dir]
				along := dx
				if d.X == 0 {
					along = dy
				}
				along *= float64(d.X + d.Y)
				if n := math.Sqrt(float64(dx*dx) + float64(dy*dy)); n > 0 {
					along /= n
				}
				score += along
			}
			if score > bestScore {
				best, bestScore = shift, score
			}
		}
		b.exact[i] = true
		b.doorsOf[i] = map[int32][]doorSpot{}
		for j, k := range ks {
			b.doorsOf[i][k] = []doorSpot{slots[(j+best)%len(slots)]}
		}
	}
}

// arcs splits a room's door slots among its corridors ks, sorted by the
// angle of the way to their other rooms: corridor j gets the slots whose
// angle from the room's centre lies between the bisectors of its way and
// its neighbours' ways, so the doors keep the corridors' cyclic order. It
// returns nil (every corridor may use every slot) when some arc holds no
// slot, as when two corridors leave in almost the same direction.
func arcs(ks []int32, slots []doorSpot, way func(int32) (float64, float64), slotAngle func(doorSpot) float64) map[int32][]doorSpot {
	n := len(ks)
	angle := make([]float64, n)
	for j, k := range ks {
		angle[j] = pseudoAngle(way(k))
	}
	// start[j] is the bisector between corridor j-1 and corridor j, going
	// clockwise; corridor j's arc runs from start[j] to start[j+1].
	start := make([]float64, n)
	for j := range n {
		prev := angle[(j+n-1)%n]
		gap := ring(angle[j] - prev)
		if gap == 0 {
			return nil
		}
		start[j] = ring(prev + gap/2)
	}
	out := make(map[int32][]doorSpot, n)
	for j, k := range ks {
		width := ring(start[(j+1)%n] - start[j])
		for _, s := range slots {
			if ring(slotAngle(s)-start[j]) < width {
				out[k] = append(out[k], s)
			}
		}
		if len(out[k]) == 0 {
			return nil
		}
	}
	return out
}

// ring returns a in [0, 4), the range of pseudoAngle.
func ring(a float64) float64 {
	for a < 0 {
		a += 4
	}
	for a >= 4 {
		a -= 4
	}
	return a
}

// pseudoAngle orders directions by their angle clockwise on screen from
// the +x axis, in [0, 4), with no trigonometry (whose results differ
// across platforms): the diamond angle.
func pseudoAngle(dx, dy float64) float64 {
	n := math.Abs(dx) + math.Abs(dy)
	if n == 0 {
		return 0
	}
	p := dx / n // 1 at +x, -1 at -x
	if dy >= 0 {
		return 1 - p // 0 … 2, through +y (down)
	}
	return 3 + p // 2 … 4, through -y (up)
}
