package storage

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"path"
	"strings"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// S3Config is an S3-compatible bucket.
type S3Config struct {
	Endpoint  string // host[:port]
	Bucket    string
	AccessKey string
	SecretKey string
	Region    string
	UseSSL    bool
	// Prefix is the URL path the files are served at (/media), exactly as
	// with Local: stored URLs do not depend on the backend.
	Prefix string
	// Transport is the HTTP transport to the endpoint (nil: the default).
	Transport http.RoundTripper
}

// S3 stores files as objects in one bucket, under the same keys Local uses
// as paths. Its URLs are Prefix + "/" + key, like Local's, and the app
// serves them by streaming the object (S3.Get), so stored URLs, the portals'
// img-src 'self' and a private bucket all keep working whichever backend
// wrote a file.
type S3 struct {
	client *minio.Client
	bucket string
	prefix string
}

// ErrNotFound: no object has that key.
var ErrNotFound = errors.New("storage: no such object")

// NewS3 connects to the endpoint and checks the bucket exists and the keys
// may read it, so a misconfigured server refuses to start instead of
// failing its first upload.
func NewS3(ctx context.Context, c S3Config) (*S3, error) {
	client, err := minio.New(c.Endpoint, &minio.Options{
		Creds:     credentials.NewStaticV4(c.AccessKey, c.SecretKey, ""),
		Secure:    c.UseSSL,
		Region:    c.Region,
		Transport: c.Transport,
	})
	if err != nil {
		return nil, fmt.Errorf("storage: s3 endpoint %q: %w", c.Endpoint, err)
	}
	cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	ok, err := client.BucketExists(cctx, c.Bucket)
	if err != nil {
		return nil, fmt.Errorf("storage: s3 bucket %q at %s: %w", c.Bucket, c.Endpoint, err)
	}
	if !ok {
		return nil, fmt.Errorf("storage: s3 bucket %q does not exist at %s", c.Bucket, c.Endpoint)
	}
	return &S3{client: client, bucket: c.Bucket, prefix: c.Prefix}, nil
}

// objectName is the object's name for a key: the key cleaned as Local
// cleans it, without the leading slash.
func objectName(key string) (string, error) {
	clean := path.Clean("/" + key)
	if strings.Contains(key, "..") || clean == "/" {
		return "", errors.New("bad storage key")
	}
	return strings.TrimPrefix(clean, "/"), nil
}

// ContentType is the type a file is served with: from its extension (as the
// local file server does), else sniffed from its bytes.
func ContentType(key string, data []byte) string {
	if t := mime.TypeByExtension(path.Ext(key)); t != "" {
		return t
	}
	return http.DetectContentType(data)
}

// Put uploads data under key.
func (s *S3) Put(ctx context.Context, key string, data []byte) (string, error) {
	name, err := objectName(key)
	if err != nil {
		return "", err
	}
	_, err = s.client.PutObject(ctx, s.bucket, name, bytes.NewReader(data), int64(len(data)),
		minio.PutObjectOptions{ContentType: ContentType(name, data)})
	if err != nil {
		return "", fmt.Errorf("storage: put %s: %w", name, err)
	}
	return s.prefix + "/" + name, nil
}

// Delete removes a key; a missing object is not an error.
func (s *S3) Delete(ctx context.Context, key string) error {
	name, err := objectName(key)
	if err != nil {
		return err
	}
	if err := s.client.RemoveObject(ctx, s.bucket, name, minio.RemoveObjectOptions{}); err != nil &&
		minio.ToErrorResponse(err).Code != minio.NoSuchKey {
		return fmt.Errorf("storage: delete %s: %w", name, err)
	}
	return nil
}

// KeyFromURL maps a URL this store produced back to its key.
func (s *S3) KeyFromURL(url string) (string, bool) {
	k, ok := strings.CutPrefix(url, s.prefix+"/")
	return k, ok && k != ""
}

// Object is a stored file being read.
type Object struct {
	Body         io.ReadCloser
	Size         int64
	ContentType  string
	ETag         string // quoted, as HTTP wants it
	LastModified time.Time
}

// Get opens the object under key; ErrNotFound when there is none.
func (s *S3) Get(ctx context.Context, key string) (*Object, error) {
	return s.get(ctx, key, minio.GetObjectOptions{})
}

// GetRange opens bytes start to end (inclusive) of the object under key;
// Size is then the length of the part. Stat tells the whole size first.
func (s *S3) GetRange(ctx context.Context, key string, start, end int64) (*Object, error) {
	var o minio.GetObjectOptions
	if err := o.SetRange(start, end); err != nil {
		return nil, err
	}
	obj, err := s.get(ctx, key, o)
	if err != nil {
		return nil, err
	}
	obj.Size = end - start + 1
	return obj, nil
}

// Stat describes the object under key without reading it (Body is nil).
func (s *S3) Stat(ctx context.Context, key string) (*Object, error) {
	name, err := objectName(key)
	if err != nil {
		return nil, ErrNotFound
	}
	info, err := s.client.StatObject(ctx, s.bucket, name, minio.StatObjectOptions{})
	if err != nil {
		return nil, s.readErr(name, err)
	}
	return objectOf(nil, info), nil
}

func (s *S3) get(ctx context.Context, key string, opts minio.GetObjectOptions) (*Object, error) {
	name, err := objectName(key)
	if err != nil {
		return nil, ErrNotFound
	}
	obj, err := s.client.GetObject(ctx, s.bucket, name, opts)
	if err != nil {
		return nil, s.readErr(name, err)
	}
	info, err := obj.Stat()
	if err != nil {
		_ = obj.Close()
		return nil, s.readErr(name, err)
	}
	return objectOf(obj, info), nil
}

func objectOf(body io.ReadCloser, info minio.ObjectInfo) *Object {
	etag := info.ETag
	if etag != "" && !strings.HasPrefix(etag, `"`) {
		etag = `"` + etag + `"`
	}
	return &Object{Body: body, Size: info.Size, ContentType: info.ContentType, ETag: etag,
		LastModified: info.LastModified}
}

func (s *S3) readErr(name string, err error) error {
	switch minio.ToErrorResponse(err).Code {
	case minio.NoSuchKey, "NotFound":
		return ErrNotFound
	}
	return fmt.Errorf("storage: get %s: %w", name, err)
}
