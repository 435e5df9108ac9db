package layout

import "math"

// schedule decides a phase's step size and its end: Hu's adaptive cooling
// judged window by window, the convergence distance that grows as the
// phase goes on, and the iteration cap. It knows nothing of positions: the
// drawing reports each iteration's moves to it.
type schedule struct {
	// iter counts the phase's iterations; end says why it stopped.
	iter int
	end  phaseEnd
	// cool scales every step (1 at the start, within [0.02, maxCool]);
	// lastTotal is the previous window's total move, windowTotal the
	// current one's so far, progress the windows in a row that moved
	// less than the one before.
	cool, lastTotal, windowTotal float64
	progress                     int
	// window is the number of iterations over which moves are budgeted
	// and judged, sinceWindow the iterations since the current window
	// started.
	window, sinceWindow int
	// convergence is the phase's convergence distance, which grows as the
	// phase goes on.
	convergence float64
	maxIter     int
}

// phaseEnd says whether a phase is still running, and if not, why it
// stopped.
type phaseEnd uint8

const (
	running   phaseEnd = iota
	converged          // no vertex moved more than the convergence distance
	capped             // the phase ran MaxIterations iterations
	cancelled          // the context ended
)

// maxCool is the largest multiple of the base step size (the one that would
// settle a single spring in one step) that adaptive cooling may reach when
// the drawing keeps making progress.
const maxCool = 4

// reset starts a phase with convergence distance conv, at most maxIter
// iterations and budget windows of window iterations.
func (s *schedule) reset(conv float64, maxIter, window int) {
	*s = schedule{cool: 1, lastTotal: math.Inf(1), convergence: conv, maxIter: maxIter, window: window}
}

// stop ends the phase for reason e.
func (s *schedule) stop(e phaseEnd) { s.end = e }

// restartWindow starts a new window at the next iteration (the budgets are
// computed afresh).
func (s *schedule) restartWindow() { s.sinceWindow = 0 }

// beginIteration reports whether the iteration about to run starts a
// window.
func (s *schedule) beginIteration() bool {
	fresh := s.sinceWindow%s.window == 0
	s.sinceWindow++
	return fresh
}

// endIteration records an iteration that moved total in all and whose
// largest move (gravity's part excepted) was largest; starved says a
// vertex was held back by a budget it had spent, and growing that the
// rooms are still inflating: either keeps the phase going. It reports
// whether the phase goes on.
func (s *schedule) endIteration(total, largest float64, starved, growing bool) bool {
	s.iter++
	// Adaptive cooling (Hu), judged over whole budget windows (single
	// iterations when moves are not bounded): a window that moves more
	// than the last shrinks the step size; five good ones in a row grow it
	// back.
	s.windowTotal += total
	if s.sinceWindow%s.window == 0 {
		if s.windowTotal > 0.99*s.lastTotal {
			s.cool = max(0.9*s.cool, 0.02)
			s.progress = 0
		} else if s.progress++; s.progress >= 5 {
			s.cool = min(s.cool/0.9, maxCool)
			s.progress = 0
		}
		s.lastTotal, s.windowTotal = s.windowTotal, 0
	}
	if s.iter%100 == 0 {
		// The design's rule: a drawing that takes long to converge is
		// already good long before, so every 100 iterations the
		// convergence distance grows by half.
		s.convergence *= 1.5
	}
	switch {
	case !starved && largest < s.convergence && !growing:
		s.stop(converged)
	case s.iter >= s.maxIter:
		s.stop(capped)
	}
	return s.end == running
}
