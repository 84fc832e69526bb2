// Package images checks uploaded images by their bytes and re-encodes them,
// which drops every metadata block (EXIF, GPS, comments).
package images

import (
	"bytes"
	"errors"
	"image"
	"image/draw"
	_ "image/gif" // decoder
	"image/jpeg"
	"image/png"
	"net/http"

	xdraw "golang.org/x/image/draw"
	_ "golang.org/x/image/webp" // decoder
)

// ErrNotImage is returned for bytes that are not a supported image.
var ErrNotImage = errors.New("not a supported image")

// ErrTooLarge is returned for images with too many pixels.
var ErrTooLarge = errors.New("image dimensions too large")

// maxPixels guards against decompression bombs.
const maxPixels = 40_000_000

// Processed is a re-encoded image.
type Processed struct {
	Data        []byte
	ContentType string
	Ext         string
	Width       int
	Height      int
}

var accepted = map[string]bool{"image/jpeg": true, "image/png": true, "image/gif": true, "image/webp": true}

// Reencode sniffs data, decodes it, scales it down so neither side exceeds
// maxSide, and encodes it again: JPEG stays JPEG, everything else becomes PNG.
func Reencode(data []byte, maxSide int) (*Processed, error) {
	ct := http.DetectContentType(data)
	if !accepted[ct] {
		return nil, ErrNotImage
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, ErrNotImage
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width*cfg.Height > maxPixels {
		return nil, ErrTooLarge
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, ErrNotImage
	}
	img = fit(img, maxSide)
	var buf bytes.Buffer
	out := &Processed{Width: img.Bounds().Dx(), Height: img.Bounds().Dy()}
	if ct == "image/jpeg" {
		err = jpeg.Encode(&buf, img, &jpeg.Options{Quality: 88})
		out.ContentType, out.Ext = "image/jpeg", "jpg"
	} else {
		err = (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img)
		out.ContentType, out.Ext = "image/png", "png"
	}
	if err != nil {
		return nil, err
	}
	out.Data = buf.Bytes()
	return out, nil
}

func fit(src image.Image, maxSide int) image.Image {
	b := src.Bounds()
	w, h := b.Dx(), b.Dy()
	if maxSide <= 0 || (w <= maxSide && h <= maxSide) {
		dst := image.NewRGBA(image.Rect(0, 0, w, h))
		draw.Draw(dst, dst.Bounds(), src, b.Min, draw.Src)
		return dst
	}
	if w >= h {
		h = h * maxSide / w
		w = maxSide
	} else {
		w = w * maxSide / h
		h = maxSide
	}
	dst := image.NewRGBA(image.Rect(0, 0, max(w, 1), max(h, 1)))
	xdraw.CatmullRom.Scale(dst, dst.Bounds(), src, b, xdraw.Src, nil)
	return dst
}
