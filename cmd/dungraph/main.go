// Command dungraph generates game levels from graph grammars.
//
//	dungraph generate [--ruleset NAME|FILE] [--seed N] [--out DIR] [--format png,json,text,tiles,graphcoloring] [--set key=value ...]
//	dungraph render level.json [-o level.png] [--size 1600] [--labels] [--trace] [--animate]
//	dungraph validate FILE...
//	dungraph rulesets [show NAME]
//	dungraph matches --ruleset R --rule NAME --host level.json
//	dungraph batch --seeds 1..1000 --out DIR [--workers N] [--shard I/N]
//	dungraph batch verify DIR... [--merge DIR]
//	dungraph stats --ruleset R --seeds 1..1000 [--out DIR] [--compare R2]
//	dungraph tune --ruleset R --vary key=lo:hi:n --seeds 1..200
//	dungraph serve [--addr 127.0.0.1:8080]
//
// Data goes to stdout, messages to stderr. The exit code is 0 on success,
// 1 when generation failed or validation found problems, and 2 for a usage
// error or an input that cannot be read. Run `dungraph help` for more.
//
// The command only parses flags, calls the library (packages level,
// rulesets, grammar and render) and prints.
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
