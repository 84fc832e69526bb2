package profiles_test

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"net/http"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"sojourn/api/internal/platform/config"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/testkit"
)

// onePNG is a one-colour RGBA PNG of w×h: tiny on the wire, w×h×4 bytes
// once decoded.
func onePNG(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.NRGBA{30, 120, 200, 255}), image.Point{}, draw.Src)
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// heapPeak samples the heap in use every 2 ms while fn runs and returns its
// highest growth over the heap in use before (after a GC).
func heapPeak(fn func()) (peak uint64, alloc uint64) {
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	var max atomic.Uint64
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		tick := time.NewTicker(2 * time.Millisecond)
		defer tick.Stop()
		for {
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			if m.HeapInuse > max.Load() {
				max.Store(m.HeapInuse)
			}
			select {
			case <-stop:
				return
			case <-tick.C:
			}
		}
	}()
	fn()
	close(stop)
	<-done
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	if max.Load() < before.HeapInuse {
		return 0, after.TotalAlloc - before.TotalAlloc
	}
	return max.Load() - before.HeapInuse, after.TotalAlloc - before.TotalAlloc
}

// burst sends n avatar uploads at once and returns their statuses.
func burst(e *testkit.Env, n int, token string, data []byte) []int {
	statuses := make([]int, n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			statuses[i] = e.Upload("/api/v1/profile/avatar", token, "avatar", "me.png", data).Status
		}()
	}
	close(start)
	wg.Wait()
	return statuses
}

// TestIntegrationAvatarBurstKeepsMemoryBounded is issue 8's finding 1: a
// 6000×6000 PNG of one colour (about 140 KiB) decodes to 144 MB, and eight
// parallel uploads took the server from 155 MiB to 2.7 GiB. Such uploads are
// refused by their header now, and the uploads that are decoded share the
// decode budget. The database plays no part in decoding, so this runs on
// SQLite only.
func TestIntegrationAvatarBurstKeepsMemoryBounded(t *testing.T) {
	const budgetMB = 128
	e := testkit.New(t, db.SQLite, func(c *config.Config) { c.ImageMemoryMB = budgetMB })
	u := e.Register("burst@example.com", "burst")

	bomb := onePNG(t, 6000, 6000)
	t.Logf("6000x6000 PNG: %d KiB on the wire, %d MiB decoded", len(bomb)>>10, 6000*6000*4>>20)
	var statuses []int
	peak, alloc := heapPeak(func() { statuses = burst(e, 20, u.AccessToken, bomb) })
	t.Logf("20 parallel 36-megapixel uploads: peak heap growth %.1f MiB, %.1f MiB allocated in all",
		float64(peak)/(1<<20), float64(alloc)/(1<<20))
	for i, s := range statuses {
		if s != http.StatusUnprocessableEntity {
			t.Errorf("upload %d: status %d, want 422 (over the avatar's 16 megapixels)", i, s)
		}
	}
	// The request bodies and their multipart copies are a few MiB; one
	// decode alone would be 144 MB.
	if peak > 48<<20 {
		t.Errorf("refusing 20 oversized avatars grew the heap by %d MiB", peak>>20)
	}

	if raceDetector {
		t.Log("the race detector slows decoding far past the request timeout: the burst of accepted uploads runs without it")
		return
	}
	// Accepted uploads: 2000×2000 (16 MB decoded, 89 MB with the scaler's
	// buffer and the scaled copy) twenty at once against a 128 MB budget are
	// decoded one at a time.
	big := onePNG(t, 2000, 2000)
	peak, alloc = heapPeak(func() { statuses = burst(e, 20, u.AccessToken, big) })
	t.Logf("20 parallel 4-megapixel uploads (%d MiB budget): peak heap growth %.1f MiB, %.1f MiB allocated in all",
		budgetMB, float64(peak)/(1<<20), float64(alloc)/(1<<20))
	for i, s := range statuses {
		if s != http.StatusOK {
			t.Errorf("upload %d: status %d, want 200", i, s)
		}
	}
	// Twenty at once would hold 1.8 GB; the budget holds one (the garbage
	// collector may let the last ones linger beside the next).
	if peak > 3*budgetMB<<20 {
		t.Errorf("20 parallel accepted avatars grew the heap by %d MiB (budget %d MiB)", peak>>20, budgetMB)
	}
}
