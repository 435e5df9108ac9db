package main

import (
	"errors"

	"golang.org/x/sys/windows"
)

// addrInUse reports whether err says another socket holds the address:
// on Windows a bind to a taken port fails with Winsock's WSAEADDRINUSE
// (10048), which is not syscall.EADDRINUSE there.
func addrInUse(err error) bool { return errors.Is(err, windows.WSAEADDRINUSE) }
