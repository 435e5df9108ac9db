// Command dungraph generates game levels from graph grammars.
//
//	dungraph generate [--ruleset NAME|FILE] [--seed N] [--out DIR] [--format png,json,text,tiles,map,tmx,tmj,graphcoloring] [--set key=value ...]
//	dungraph render level.json [--format png,...] [-o FILE] [--size 1600] [--labels] [--trace] [--animate]
//	dungraph validate FILE...
//	dungraph rulesets [show NAME]
//	dungraph matches --rule NAME --host level.json [--ruleset R]
//	dungraph solve level.json
//	dungraph batch --seeds 1..1000 --out DIR [--workers N] [--shard I/N]
//	dungraph batch verify DIR... [--merge DIR]
//	dungraph stats --ruleset R --seeds 1..1000 [--out DIR] [--compare R2]
//	dungraph tune --ruleset R --vary key=lo:hi:n --seeds 1..200
//	dungraph serve [--addr 127.0.0.1:8080]
//	dungraph completion bash|zsh|fish|powershell
//
// Data goes to stdout, messages to stderr. The exit code is 0 on success,
// 1 when generation failed or validation found problems, 2 for a usage
// error or an input that cannot be read, 3 when a batch finished with
// failed seeds, and 130 when interrupted. Run
// `dungraph help` for more.
//
// The command only parses flags, calls the library (packages level,
// rulesets, levelbatch, render, stats, tune, serve and the others) and
// prints.
//
// Where to start: main.go turns signals into a context and runs app.go's
// root command, which registers one command per file (generate.go,
// render.go, ...). The flags several commands share live in
// ruleset_flags.go (--ruleset, --set) and formats.go (--format and the
// export flags); app.go holds the exit codes and how errors are printed.
// Behaviour is tested by the scripts in testdata/script (testscript), and
// the outputs the docs show by TestDocOutputs.
package main
