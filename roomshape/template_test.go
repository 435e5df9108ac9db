package roomshape

import (
	"errors"
	"strings"
	"testing"
)

func TestParseTemplate(t *testing.T) {
	tests := []struct {
		name string
		art  string
		// want are the (row, col) of the problems, in order; none for valid
		// art.
		want   [][2]int
		reason string
	}{
		{"plain", "#D#\n#.#\n###\n", nil, "a one-cell room with a door on top"},
		{"blank lines around", "\n\n#D#\n#.#\n###\n\n", nil, "blank lines before and after are dropped"},
		{"ragged", "  #D#\n###.###\nD.....D\n#######", nil, "short rows are padded with outside cells"},
		{"bad char", "#D#\n#.#\n#x#\n###", [][2]int{{3, 2}}, "only '#', '.', 'D' and ' ' are art"},
		{"row after blank", "\n#D#\n#.#\n#?#\n###", [][2]int{{4, 2}}, "rows count from the first line of the string"},
		{"floor on edge", "#D#\n#..\n###", [][2]int{{2, 3}}, "floor needs a wall around it"},
		{"door in corner", "D##\n#.#\n#D#", [][2]int{{1, 1}}, "a corner has two outward sides"},
		{"door inside", "#D###\n#.D.#\n#...#\n#####", [][2]int{{2, 3}}, "a door must lie on the art's edge"},
		{"door without floor", "#D###\n##..#\n#####", [][2]int{{1, 2}}, "a door needs floor on its inner side"},
		{"two pieces", "#D###\n#.#.#\n#####", [][2]int{{2, 4}}, "the floor must be one piece"},
		{"no door", "###\n#.#\n###", [][2]int{{1, 1}}, "corridors need a door"},
		{"no floor", "#D#\n###", [][2]int{{1, 2}, {1, 1}}, "the door has no floor behind it, and there is none; both are reported"},
		{"empty", "\n \n", [][2]int{{1, 1}}, "empty art"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tm, err := ParseTemplate(tt.name, tt.art)
			var list ArtErrors
			if err != nil && !errors.As(err, &list) {
				t.Fatalf("error %T is not ArtErrors: %v", err, err)
			}
			var got [][2]int
			for _, e := range list {
				got = append(got, [2]int{e.Row, e.Col})
			}
			if len(got) != len(tt.want) {
				t.Fatalf("problems at %v, want %v (%s); error: %v", got, tt.want, tt.reason, err)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("problem %d at %v, want %v (%s): %v", i, got[i], tt.want[i], tt.reason, list[i])
				}
			}
			if err == nil && len(tm.Cells) != tm.W*tm.H {
				t.Errorf("%d cells for %d × %d", len(tm.Cells), tm.W, tm.H)
			}
		})
	}
}

// TestOrient checks the eight orientations of an asymmetric template:
// each keeps the cell counts and every door valid, the eight are distinct,
// and turning four times gives the template back.
func TestOrient(t *testing.T) {
	tm, err := ParseTemplate("l", "#D###\n#...D\n#.###\n#.#\n#D#\n")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	for o := range 8 {
		ot := tm.Orient(o)
		key := string(ot.Cells) + strings.Repeat("|", ot.W)
		if prev, dup := seen[key]; dup {
			t.Errorf("orientations %d and %d are the same", prev, o)
		}
		seen[key] = o
		if strings.Count(string(ot.Cells), ".") != strings.Count(string(tm.Cells), ".") {
			t.Errorf("orientation %d changes the floor", o)
		}
		if n := validDoors(&ot); n != strings.Count(string(tm.Cells), "D") {
			t.Errorf("orientation %d has %d valid doors, want %d", o, n, strings.Count(string(tm.Cells), "D"))
		}
	}
	back := tm.Orient(2)
	for range 3 {
		back = back.Orient(2)
	}
	if string(back.Cells) != string(tm.Cells) || back.W != tm.W {
		t.Errorf("four quarter turns do not give the template back")
	}
}

// validDoors counts the 'D' cells of t that DoorDir accepts.
func validDoors(t *Template) int {
	n := 0
	for y := range t.H {
		for x := range t.W {
			if _, ok := t.DoorDir(x, y); ok && t.Cells[y*t.W+x] == 'D' {
				n++
			}
		}
	}
	return n
}

func FuzzParseTemplate(f *testing.F) {
	f.Add("#D#\n#.#\n###\n")
	f.Add("   #D#\n   #.#\n####.####\nD.......D\n####.####\n")
	f.Add("#D###\n#.#.#\n#####")
	f.Add("\r\n#D#\r\n#.#\r\n###\r\n")
	f.Fuzz(func(t *testing.T, art string) {
		tm, err := ParseTemplate("f", art)
		if err != nil {
			var list ArtErrors
			if !errors.As(err, &list) || len(list) == 0 {
				t.Fatalf("error %v is not a non-empty ArtErrors", err)
			}
			for _, e := range list {
				if e.Row < 1 || e.Col < 1 {
					t.Fatalf("problem without a position: %+v", e)
				}
			}
			return
		}
		// Valid art makes a footprint with floor, a door for every 'D',
		// and floor that is one piece in every orientation.
		for o := range 8 {
			ot := tm.Orient(o)
			if validDoors(&ot) != strings.Count(string(tm.Cells), "D") {
				t.Fatalf("orientation %d loses doors", o)
			}
			if _, _, ok := ot.secondPiece(); ok {
				t.Fatalf("orientation %d splits the floor", o)
			}
		}
	})
}
