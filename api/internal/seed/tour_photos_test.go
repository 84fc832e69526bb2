package seed

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"image/png"
	"os"
	"testing"
	"time"
)

func TestTourPhotoIsAPlace(t *testing.T) {
	sheet := image.NewRGBA(image.Rect(0, 0, 2*photoW, 3*photoH/2))
	start := time.Now()
	for i, city := range []string{"Cape Town", "Lagos", "Accra", "Nairobi", "Marrakech", "Kigali"} {
		for v := 0; v < 2; v++ {
			b := TourPhoto(city, color.RGBA{0xe1, 0x1d, 0x48, 0xff}, v)
			img, err := jpeg.Decode(bytes.NewReader(b))
			if err != nil || img.Bounds().Dx() != photoW || img.Bounds().Dy() != photoH {
				t.Fatalf("%s: %v", city, err)
			}
			// A sky above and land or sea below: the top and bottom rows differ.
			r1, g1, b1, _ := img.At(photoW/2, 5).RGBA()
			r2, g2, b2, _ := img.At(photoW/2, photoH-5).RGBA()
			if r1 == r2 && g1 == g2 && b1 == b2 {
				t.Fatalf("%s: flat picture", city)
			}
			n := i*2 + v
			draw.Draw(sheet, image.Rect((n%4)*photoW/2, (n/4)*photoH/2, (n%4+1)*photoW/2, (n/4+1)*photoH/2), half(img), image.Point{}, draw.Src)
		}
	}
	t.Logf("12 photos in %v", time.Since(start))
	if dir := os.Getenv("SEED_PHOTO_DIR"); dir != "" {
		var buf bytes.Buffer
		_ = png.Encode(&buf, sheet)
		_ = os.WriteFile(dir+"/sheet.png", buf.Bytes(), 0o644)
	}
}

func half(src image.Image) image.Image {
	b := src.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx()/2, b.Dy()/2))
	for y := 0; y < b.Dy()/2; y++ {
		for x := 0; x < b.Dx()/2; x++ {
			out.Set(x, y, src.At(2*x, 2*y))
		}
	}
	return out
}
