package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

func main() { os.Exit(run()) }

// run runs the command line of the process and returns its exit code.
func run() int {
	// Ctrl-C or SIGTERM (what Kubernetes and Slurm send) cancels ctx, and
	// the command finishes cleanly within a second: a generation stops at
	// its next check, batch writes the manifest of the seeds done, and
	// temporary files are removed. A second signal kills the process.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		stop()
	}()
	a := &app{stdout: os.Stdout, stderr: os.Stderr}
	return a.execute(ctx, os.Args[1:])
}
