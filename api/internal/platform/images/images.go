// Package images checks uploaded images by their bytes and re-encodes them,
// which drops every metadata block (EXIF, GPS, comments).
//
// Decoding is where an upload costs memory: a 6000×6000 PNG of one colour is
// about 136 KiB on the wire and 144 MiB once decoded. So every upload is
// judged by its header first (image.DecodeConfig reads the dimensions without
// decoding a pixel) against the pixel cap of its use (Limits: avatars small,
// product photos and media larger), and the decodes that pass share one
// memory budget (Processor): a burst of uploads waits for its turn instead of
// decoding all at once, like password hashing waits for a hashing slot.
package images

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/draw"
	_ "image/gif" // decoder
	"image/jpeg"
	"image/png"
	"net/http"

	xdraw "golang.org/x/image/draw"
	_ "golang.org/x/image/webp" // decoder
	"golang.org/x/sync/semaphore"
)

// ErrNotImage is returned for bytes that are not a supported image.
var ErrNotImage = errors.New("not a supported image")

// ErrTooLarge is returned for images with more pixels than the use allows.
var ErrTooLarge = errors.New("image dimensions too large")

// Limits are what one use of uploaded images accepts.
type Limits struct {
	// MaxPixels caps width × height of the upload, read from its header
	// before anything is decoded.
	MaxPixels int
	// MaxSide is the longest side kept: larger images are scaled down.
	MaxSide int
}

// DefaultMemory is the decode budget when none is configured: 256 MiB of
// decoded pixels at once.
const DefaultMemory = 256 << 20

// Processor decodes and re-encodes uploads with at most its budget of
// decoded pixel memory in use at once (a weighted semaphore: a small image
// takes a small share, one at the largest cap may take it all).
type Processor struct {
	budget int64
	mem    *semaphore.Weighted
}

// NewProcessor makes a processor with a budget in bytes (DefaultMemory when
// budget <= 0).
func NewProcessor(budget int64) *Processor {
	if budget <= 0 {
		budget = DefaultMemory
	}
	return &Processor{budget: budget, mem: semaphore.NewWeighted(budget)}
}

// Budget is the processor's decode budget in bytes.
func (p *Processor) Budget() int64 { return p.budget }

// Processed is a re-encoded image.
type Processed struct {
	Data        []byte
	ContentType string
	Ext         string
	Width       int
	Height      int
}

var accepted = map[string]bool{"image/jpeg": true, "image/png": true, "image/gif": true, "image/webp": true}

// Reencode sniffs data, checks its dimensions against lim, waits for its
// share of the decode budget (or ctx), decodes it, scales it down so neither
// side exceeds lim.MaxSide, and encodes it again: JPEG stays JPEG, everything
// else becomes PNG.
func (p *Processor) Reencode(ctx context.Context, data []byte, lim Limits) (*Processed, error) {
	ct := http.DetectContentType(data)
	if !accepted[ct] {
		return nil, ErrNotImage
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, ErrNotImage
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || lim.MaxPixels <= 0 ||
		int64(cfg.Width)*int64(cfg.Height) > int64(lim.MaxPixels) {
		return nil, ErrTooLarge
	}
	cost := min(decodeCost(cfg, format, data, lim.MaxSide), p.budget)
	if err := p.mem.Acquire(ctx, cost); err != nil {
		return nil, err
	}
	defer p.mem.Release(cost)
	return reencode(data, ct, lim.MaxSide)
}

func reencode(data []byte, ct string, maxSide int) (*Processed, error) {
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

// decodeCost is the memory a decode and re-encode of an image of this header
// holds at its peak: the decoded pixels at the decoder's bytes per pixel
// (plus, for a progressive JPEG, its coefficient blocks: 4 bytes per pixel
// per component), the scaler's buffer when it scales, the RGBA image that is
// encoded (full size, or scaled to maxSide), and the encoder's output at
// most the same again.
func decodeCost(cfg image.Config, format string, data []byte, maxSide int) int64 {
	w, h := int64(cfg.Width), int64(cfg.Height)
	bpp := bytesPerPixel(cfg.ColorModel)
	if format == "jpeg" && bytes.Contains(data, []byte{0xFF, 0xC2}) {
		// SOF2 (progressive); a false match in an APP segment only
		// overestimates. Components are 1 (gray) or up to 4.
		bpp += 4 * min(bpp, 4)
	}
	decoded := w * h * bpp
	if maxSide > 0 && (w > int64(maxSide) || h > int64(maxSide)) {
		// The Catmull-Rom scaler keeps a float64 RGBA row buffer of the
		// target's width by the source's height (32 bytes each).
		sh := h
		if w >= h {
			w, h = int64(maxSide), max(h*int64(maxSide)/w, 1)
		} else {
			w, h = max(w*int64(maxSide)/h, 1), int64(maxSide)
		}
		decoded += 32 * w * sh
	}
	return decoded + 2*4*w*h
}

// bytesPerPixel is what the standard decoders allocate per pixel for a
// colour model (YCbCr counts as full 4:4:4; CMYK and 16-bit models are the
// largest).
func bytesPerPixel(m color.Model) int64 {
	switch m {
	case color.GrayModel, color.AlphaModel:
		return 1
	case color.Gray16Model, color.Alpha16Model:
		return 2
	case color.YCbCrModel:
		return 3
	case color.RGBA64Model, color.NRGBA64Model:
		return 8
	}
	if _, ok := m.(color.Palette); ok {
		return 1
	}
	return 4
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
