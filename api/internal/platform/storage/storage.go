// Package storage keeps uploaded files: on local disk (Local, the default)
// or in an S3-compatible bucket (S3, SOJOURN_STORAGE=s3), so instances on
// different machines serve the same files. Both store a file under the same
// key and give it the same URL (/media/<key>).
package storage

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Storage stores blobs under keys and tells their public URL.
type Storage interface {
	Put(ctx context.Context, key string, data []byte) (url string, err error)
	Delete(ctx context.Context, key string) error
	KeyFromURL(url string) (string, bool)
}

// Local stores files under Dir, served at Prefix (e.g. /media).
type Local struct {
	Dir    string
	Prefix string
}

func (l *Local) path(key string) (string, error) {
	clean := filepath.Clean("/" + key)
	if strings.Contains(key, "..") || clean == "/" {
		return "", errors.New("bad storage key")
	}
	return filepath.Join(l.Dir, clean), nil
}

// Put writes data atomically (temp file then rename).
func (l *Local) Put(_ context.Context, key string, data []byte) (string, error) {
	p, err := l.path(key)
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return "", fmt.Errorf("storage: %w", err)
	}
	tmp := p + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return "", fmt.Errorf("storage: %w", err)
	}
	if err := os.Rename(tmp, p); err != nil {
		return "", fmt.Errorf("storage: %w", err)
	}
	return l.Prefix + "/" + strings.TrimPrefix(key, "/"), nil
}

// Delete removes a key; a missing file is not an error.
func (l *Local) Delete(_ context.Context, key string) error {
	p, err := l.path(key)
	if err != nil {
		return err
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return nil
}

// KeyFromURL maps a URL this store produced back to its key.
func (l *Local) KeyFromURL(url string) (string, bool) {
	k, ok := strings.CutPrefix(url, l.Prefix+"/")
	return k, ok && k != ""
}
