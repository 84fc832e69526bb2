package images

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"runtime"
	"testing"
)

// bomb is a one-colour PNG of w×h: a few hundred KiB on the wire, w×h×1
// bytes (gray) once decoded.
func bomb(t testing.TB, w, h int) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&buf, image.NewGray(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestTheHeaderDecidesBeforeAnyPixelIsDecoded(t *testing.T) {
	p := NewProcessor(0)
	data := bomb(t, 6000, 6000)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err := p.Reencode(context.Background(), data, Limits{MaxPixels: 16_000_000, MaxSide: 1024})
	runtime.ReadMemStats(&after)
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("36-megapixel upload against a 16-megapixel cap: %v", err)
	}
	// Decoding would allocate 36 MB; reading the header takes a few KiB.
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 1<<20 {
		t.Fatalf("refusing by the header allocated %d bytes", grew)
	}
}

func TestLimitsArePerUse(t *testing.T) {
	p := NewProcessor(0)
	data := bomb(t, 3000, 2000)
	if _, err := p.Reencode(context.Background(), data, Limits{MaxPixels: 5_000_000, MaxSide: 100}); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("6 MP against a 5 MP cap: %v", err)
	}
	out, err := p.Reencode(context.Background(), data, Limits{MaxPixels: 6_000_000, MaxSide: 300})
	if err != nil || out.Width != 300 || out.Height != 200 || out.ContentType != "image/png" {
		t.Fatalf("6 MP against a 6 MP cap: %v %+v", err, out)
	}
	if _, err := p.Reencode(context.Background(), data, Limits{}); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("a use without a pixel cap must refuse: %v", err)
	}
	if _, err := p.Reencode(context.Background(), []byte("GIF89a not really"), Limits{MaxPixels: 1 << 30}); !errors.Is(err, ErrNotImage) {
		t.Fatalf("garbage: %v", err)
	}
}

func TestADecodeWaitsForItsShareOfTheBudget(t *testing.T) {
	p := NewProcessor(64 << 20)
	data := bomb(t, 64, 64)
	lim := Limits{MaxPixels: 1 << 20, MaxSide: 64}
	if err := p.mem.Acquire(context.Background(), p.budget); err != nil { // the whole budget is busy
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := p.Reencode(ctx, data, lim); !errors.Is(err, context.Canceled) {
		t.Fatalf("a cancelled request must not wait for the budget: %v", err)
	}
	p.mem.Release(p.budget)
	if _, err := p.Reencode(context.Background(), data, lim); err != nil {
		t.Fatalf("with the budget free: %v", err)
	}
}

func TestACostOverTheBudgetRunsAlone(t *testing.T) {
	p := NewProcessor(1 << 20) // smaller than the image's cost
	out, err := p.Reencode(context.Background(), bomb(t, 2000, 2000), Limits{MaxPixels: 4_000_000, MaxSide: 100})
	if err != nil || out.Width != 100 {
		t.Fatalf("an image costing more than the budget must still be processed alone: %v %+v", err, out)
	}
}

func TestDecodeCost(t *testing.T) {
	jpegOf := func(progressive bool) []byte {
		var buf bytes.Buffer
		_ = jpeg.Encode(&buf, image.NewRGBA(image.Rect(0, 0, 8, 8)), nil)
		b := buf.Bytes()
		if progressive {
			b = append(b, 0xFF, 0xC2)
		}
		return b
	}
	cases := []struct {
		cfg    image.Config
		format string
		data   []byte
		side   int
		want   int64
	}{
		// 1000×1000 gray scaled to 100×100: 1 MB decoded, the scaler's 100×1000×32, 2 × 40 KB to encode.
		{image.Config{ColorModel: color.GrayModel, Width: 1000, Height: 1000}, "png", nil, 100, 1_000_000 + 3_200_000 + 80_000},
		{image.Config{ColorModel: color.NRGBAModel, Width: 200, Height: 100}, "png", nil, 1000, 80_000 + 160_000},
		{image.Config{ColorModel: color.NRGBA64Model, Width: 100, Height: 100}, "png", nil, 0, 80_000 + 80_000},
		{image.Config{ColorModel: color.YCbCrModel, Width: 100, Height: 100}, "jpeg", jpegOf(false), 100, 30_000 + 80_000},
		{image.Config{ColorModel: color.YCbCrModel, Width: 100, Height: 100}, "jpeg", jpegOf(true), 100, 150_000 + 80_000},
		{image.Config{ColorModel: color.Palette{color.Black}, Width: 100, Height: 400}, "gif", nil, 200, 40_000 + 32*50*400 + 2*4*50*200},
	}
	for i, c := range cases {
		if got := decodeCost(c.cfg, c.format, c.data, c.side); got != c.want {
			t.Errorf("case %d: cost %d, want %d", i, got, c.want)
		}
	}
}
