package main

import (
	"errors"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain lets the test binary run as the dungraph command, so that the
// scripts exercise main itself: flags, stdout, stderr and exit codes.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"dungraph": main,
	})
}

// TestScripts runs testdata/script/*.txtar: end-to-end tests of every
// command. Besides testscript's own commands they may use
//
//	exits CODE dungraph ARGS...
//
// which runs a program and fails unless it exits with CODE; its stdout and
// stderr are then checked as after exec.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		RequireExplicitExec: true,
		Setup: func(env *testscript.Env) error {
			// A binary built with -race sleeps a second at exit, waiting
			// for racing goroutines to report; the scripts run it dozens
			// of times. Races are still reported.
			gorace := os.Getenv("GORACE")
			if !strings.Contains(gorace, "atexit_sleep_ms") {
				gorace = strings.TrimSpace(gorace + " atexit_sleep_ms=0")
			}
			env.Setenv("GORACE", gorace)
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"exits": cmdExits,
		},
	})
}

func cmdExits(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("unsupported: ! exits")
	}
	if len(args) < 2 {
		ts.Fatalf("usage: exits CODE program [args...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("exits: bad code %q", args[0])
	}
	err = ts.Exec(args[1], args[2:]...)
	got := 0
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		got = ee.ExitCode()
	case err != nil:
		ts.Fatalf("exits: %v", err)
	}
	if got != want {
		ts.Fatalf("exit code %d, want %d", got, want)
	}
}
