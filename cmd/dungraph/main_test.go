package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/dungraph/dungraph/internal/hostile"
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
// stderr are then checked as after exec; and
//
//	sigterm DELAY FILE dungraph ARGS...
//
// which starts a program, sends it SIGTERM after DELAY (a time.Duration),
// and fails unless it exits, with a non-zero code, within a second of the
// signal; its stderr goes to FILE.
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
			"exits":        cmdExits,
			"sigterm":      cmdSigterm,
			"hostile-grid": cmdHostileGrid,
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

// cmdHostileGrid writes hostile.Grid(N) to FILE: a ruleset whose start
// rule substitutes a grid of N rooms, as large as a test needs.
func cmdHostileGrid(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: hostile-grid N FILE")
	}
	n, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("hostile-grid: bad N %q", args[0])
	}
	if err := os.WriteFile(ts.MkAbs(args[1]), []byte(hostile.Grid(n)), 0o644); err != nil {
		ts.Fatalf("hostile-grid: %v", err)
	}
}

func cmdSigterm(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 3 {
		ts.Fatalf("usage: sigterm DELAY FILE program [args...]")
	}
	delay, err := time.ParseDuration(args[0])
	if err != nil {
		ts.Fatalf("sigterm: %v", err)
	}
	path, err := exec.LookPath(args[2])
	if err != nil {
		// LookPath reads the test's PATH; the script's may differ.
		for _, dir := range filepath.SplitList(ts.Getenv("PATH")) {
			if p := filepath.Join(dir, args[2]); fileExists(p) {
				path, err = p, nil
				break
			}
		}
		if err != nil {
			ts.Fatalf("sigterm: %v", err)
		}
	}
	var stderr strings.Builder
	cmd := exec.Command(path, args[3:]...)
	cmd.Dir = ts.Getenv("WORK")
	cmd.Env = []string{"PATH=" + ts.Getenv("PATH"), "HOME=" + ts.Getenv("HOME"), "TMPDIR=" + ts.Getenv("TMPDIR"), "GORACE=" + ts.Getenv("GORACE")}
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		ts.Fatalf("sigterm: %v", err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		ts.Fatalf("sigterm: %s ended before the signal: %v\n%s", args[2], err, stderr.String())
	case <-time.After(delay):
	}
	cmd.Process.Signal(syscall.SIGTERM)
	sent := time.Now()
	select {
	case err = <-done:
	case <-time.After(time.Second):
		cmd.Process.Kill()
		<-done
		ts.Fatalf("sigterm: %s still ran a second after SIGTERM", args[2])
	}
	ts.Logf("%s exited %v after SIGTERM: %v", args[2], time.Since(sent).Round(time.Millisecond), err)
	if err == nil {
		ts.Fatalf("sigterm: %s exited 0 after SIGTERM", args[2])
	}
	if werr := os.WriteFile(ts.MkAbs(args[1]), []byte(stderr.String()), 0o644); werr != nil {
		ts.Fatalf("sigterm: %v", werr)
	}
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}
