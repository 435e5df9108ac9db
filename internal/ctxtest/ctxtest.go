package ctxtest

import "context"

// Countdown is a context whose Err turns to Cause on its Nth call. Its
// other methods are context.Background's: it is never Done by a channel,
// so it suits code that polls Err.
type Countdown struct {
	context.Context
	// N is the look from which on Err returns Cause; Calls counts the
	// looks so far.
	N, Calls int
	// Cause is what Err returns once done.
	Cause error
}

// New returns a Countdown that is done from look n on with cause
// (context.Canceled or context.DeadlineExceeded, as the test needs).
func New(n int, cause error) *Countdown {
	return &Countdown{Context: context.Background(), N: n, Cause: cause}
}

// Err counts a look and returns Cause from the Nth on.
func (c *Countdown) Err() error {
	if c.Calls++; c.Calls >= c.N {
		return c.Cause
	}
	return nil
}
