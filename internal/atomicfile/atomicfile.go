package atomicfile

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// File is a file being written. Its bytes reach Path only through Commit;
// Abort, or a crash, leaves Path untouched.
type File struct {
	*os.File
	// Path is the destination.
	Path string
	perm fs.FileMode
	done bool
}

// Create starts writing path. The temporary file lives in path's directory,
// because a rename is atomic only within one file system. The file gets
// the mode of the file it replaces, or perm if there is none.
func Create(path string, perm fs.FileMode) (*File, error) {
	if fi, err := os.Stat(path); err == nil {
		if !fi.Mode().IsRegular() {
			return nil, fmt.Errorf("atomicfile: %s is not a regular file", path)
		}
		perm = fi.Mode().Perm()
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp*")
	if err != nil {
		return nil, fmt.Errorf("atomicfile: %w", err)
	}
	return &File{File: f, Path: path, perm: perm}, nil
}

// Commit flushes the file to disk and renames it to Path. After Commit,
// Abort does nothing.
func (f *File) Commit() error {
	if f.done {
		return fmt.Errorf("atomicfile: %s: already committed or aborted", f.Path)
	}
	f.done = true
	tmp := f.Name()
	err := f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, f.perm)
	}
	if err == nil {
		err = os.Rename(tmp, f.Path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("atomicfile: %w", err)
	}
	return nil
}

// Abort closes and removes the temporary file, leaving Path as it was.
// It does nothing after Commit or a first Abort, so it can be deferred.
func (f *File) Abort() {
	if f.done {
		return
	}
	f.done = true
	f.Close()
	os.Remove(f.Name())
}

// WriteFile writes path with write: atomically, with perm for a new file.
// If write fails, path is left as it was and write's error is returned.
func WriteFile(path string, perm fs.FileMode, write func(w io.Writer) error) error {
	f, err := Create(path, perm)
	if err != nil {
		return err
	}
	defer f.Abort()
	if err := write(f); err != nil {
		return err
	}
	return f.Commit()
}

// Group writes several files that belong together, such as a level's PNG
// and JSON: none of them is renamed into place until all were written, so
// a failure in any leaves every destination as it was. (The renames
// themselves are one after the other: a crash between two of them can
// still leave a new file beside an old one.)
type Group struct {
	files []*File
}

// Create starts writing path as part of the group; see Create.
func (g *Group) Create(path string, perm fs.FileMode) (*File, error) {
	f, err := Create(path, perm)
	if err != nil {
		return nil, err
	}
	g.files = append(g.files, f)
	return f, nil
}

// Commit commits every file, in the order they were created. It stops at
// the first failure and aborts the rest.
func (g *Group) Commit() error {
	var err error
	for _, f := range g.files {
		if err != nil {
			f.Abort()
			continue
		}
		err = f.Commit()
	}
	return err
}

// Abort aborts every file not yet committed; it can be deferred.
func (g *Group) Abort() {
	for _, f := range g.files {
		f.Abort()
	}
}
