//go:build !windows

package main

import (
	"errors"
	"syscall"
)

// addrInUse reports whether err says another socket holds the address.
func addrInUse(err error) bool { return errors.Is(err, syscall.EADDRINUSE) }
