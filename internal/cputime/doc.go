// Package cputime measures the CPU time a benchmark spends, for the
// cpu-ms/op metric: on a shared machine the wall time of ns/op grows
// with the load of other processes, the process's own CPU time much
// less. It is for benchmarks only; library code never reads a clock.
package cputime
