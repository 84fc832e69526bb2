package duffel

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"math"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/gofiber/fiber/v3"
)

// The sandbox's property photos, drawn on first request and kept: the
// building at its time of day (0), its pool or garden (1), the street at
// dusk (2), the view (3), and one interior per room type (4+). Each is
// drawn from the property's id, so a property always looks the same.

const (
	sbPhotos       = 4
	sbPhotoW       = 640
	sbPhotoH       = 420
	sbPhotoQuality = 78
)

var photoCache sync.Map // "acc/n" -> []byte

func (s *Sandbox) staysPhoto(c fiber.Ctx) error {
	p := sbPropByID[c.Params("acc")]
	n, err := strconv.Atoi(strings.TrimSuffix(c.Params("n"), ".jpg"))
	if p == nil || err != nil || n < 0 || n >= sbPhotos+len(p.Rooms) {
		return notFoundStay(c, "photo")
	}
	key := p.ID + "/" + strconv.Itoa(n)
	b, ok := photoCache.Load(key)
	if !ok {
		img := drawProperty(p, n)
		var buf bytes.Buffer
		if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: sbPhotoQuality}); err != nil {
			return err
		}
		b, _ = photoCache.LoadOrStore(key, buf.Bytes())
	}
	c.Set("Content-Type", "image/jpeg")
	c.Set("Cache-Control", "public, max-age=86400, immutable")
	return c.Status(http.StatusOK).Send(b.([]byte))
}

type palette struct{ skyTop, skyLow, wall, accent, ground color.RGBA }

var scenes = []palette{
	{rgba(0x2f, 0x80, 0xc8), rgba(0xbe, 0xe3, 0xf8), rgba(0xf1, 0xe6, 0xd2), rgba(0x1f, 0x6f, 0x5c), rgba(0x6b, 0x8f, 0x3a)}, // Lagos
	{rgba(0x3a, 0x86, 0xc6), rgba(0xf6, 0xd9, 0xa8), rgba(0xf5, 0xf0, 0xe6), rgba(0xb4, 0x53, 0x09), rgba(0x8a, 0x9a, 0x3c)}, // Accra
	{rgba(0x4a, 0x7d, 0xb8), rgba(0xd8, 0xe8, 0xf0), rgba(0xe7, 0xe2, 0xd8), rgba(0x36, 0x5d, 0x3f), rgba(0x5c, 0x7a, 0x32)}, // Nairobi
	{rgba(0x1d, 0x6f, 0xb8), rgba(0xa8, 0xd8, 0xf0), rgba(0xfa, 0xfa, 0xf7), rgba(0x0b, 0x5d, 0x8c), rgba(0x9a, 0x8f, 0x6a)}, // Cape Town
	{rgba(0x3f, 0x8f, 0xd6), rgba(0xf7, 0xdc, 0xb4), rgba(0xc8, 0x6b, 0x4a), rgba(0x0e, 0x6e, 0x62), rgba(0xb8, 0x8a, 0x5a)}, // Marrakech
	{rgba(0x4f, 0x86, 0xb8), rgba(0xdc, 0xea, 0xe8), rgba(0xee, 0xe8, 0xdc), rgba(0x7c, 0x3a, 0x1c), rgba(0x4e, 0x7d, 0x2e)}, // Kigali
	{rgba(0x6b, 0x7f, 0x99), rgba(0xd5, 0xdc, 0xe4), rgba(0xe9, 0xdf, 0xcf), rgba(0x1e, 0x3a, 0x5f), rgba(0x5b, 0x6b, 0x4a)}, // London
	{rgba(0x58, 0x80, 0xb0), rgba(0xe6, 0xdc, 0xd2), rgba(0xee, 0xe4, 0xcf), rgba(0x2d, 0x3f, 0x5c), rgba(0x7a, 0x80, 0x5a)}, // Paris
	{rgba(0x2e, 0x8b, 0xd0), rgba(0xf3, 0xe3, 0xc6), rgba(0xf7, 0xd9, 0x7a), rgba(0x1d, 0x5f, 0x9a), rgba(0x9c, 0x86, 0x5e)}, // Lisbon
	{rgba(0x3c, 0x95, 0xd8), rgba(0xf7, 0xe7, 0xc8), rgba(0xe8, 0xe6, 0xe0), rgba(0x8a, 0x6b, 0x2c), rgba(0xd8, 0xbe, 0x8c)}, // Dubai
}

func rgba(r, g, b uint8) color.RGBA { return color.RGBA{r, g, b, 0xff} }

func mix(a, b color.RGBA, t float64) color.RGBA {
	t = math.Max(0, math.Min(1, t))
	f := func(x, y uint8) uint8 { return uint8(float64(x)*(1-t) + float64(y)*t) }
	return color.RGBA{f(a.R, b.R), f(a.G, b.G), f(a.B, b.B), 0xff}
}

func fill(img *image.RGBA, x0, y0, x1, y1 int, c color.RGBA) {
	r := image.Rect(x0, y0, x1, y1).Intersect(img.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			img.SetRGBA(x, y, c)
		}
	}
}

func drawProperty(p *sbProperty, n int) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, sbPhotoW, sbPhotoH))
	pal := scenes[p.City.Scene%len(scenes)]
	rnd := func(i int) float64 { return unit(p.ID + "/ph/" + strconv.Itoa(n) + "/" + strconv.Itoa(i)) }
	if n >= sbPhotos {
		drawRoom(img, pal, p.Rooms[n-sbPhotos], rnd)
		return img
	}
	dusk := n == 2
	top, low := pal.skyTop, pal.skyLow
	if dusk {
		top, low = rgba(0x1c, 0x1f, 0x4a), rgba(0xf0, 0x8a, 0x4b)
	}
	horizon := int(float64(sbPhotoH) * (0.55 + 0.1*rnd(1)))
	for y := 0; y < horizon; y++ {
		fill(img, 0, y, sbPhotoW, y+1, mix(top, low, float64(y)/float64(horizon)))
	}
	ground := pal.ground
	if dusk {
		ground = mix(ground, rgba(0x10, 0x10, 0x20), 0.55)
	}
	fill(img, 0, horizon, sbPhotoW, sbPhotoH, ground)
	if n == 3 { // the view: far skyline and water
		for x := 0; x < sbPhotoW; x += 18 {
			h := int(20 + rnd(100+x)*90)
			fill(img, x, horizon-h, x+14, horizon, mix(pal.accent, top, 0.55))
		}
		for y := horizon; y < sbPhotoH; y++ {
			fill(img, 0, y, sbPhotoW, y+1, mix(mix(top, low, 0.5), rgba(0x0a, 0x3d, 0x62), float64(y-horizon)/float64(sbPhotoH-horizon)))
		}
		fill(img, 0, sbPhotoH-40, sbPhotoW, sbPhotoH, mix(pal.wall, rgba(0x40, 0x30, 0x20), 0.4)) // the balcony
		return img
	}
	// The building: width and floors by stars.
	floors := 3 + p.Stars + int(rnd(2)*4)
	bw := int(float64(sbPhotoW) * (0.45 + 0.3*rnd(3)))
	bx := int(float64(sbPhotoW-bw) * rnd(4))
	fh := 22
	by := horizon - floors*fh
	if by < 30 {
		by, fh = 30, (horizon-30)/floors
	}
	wall := pal.wall
	if dusk {
		wall = mix(wall, rgba(0x30, 0x28, 0x40), 0.5)
	}
	fill(img, bx, by, bx+bw, horizon, wall)
	fill(img, bx-6, by-8, bx+bw+6, by, pal.accent) // the roof line
	lit := rgba(0xff, 0xd9, 0x8a)
	glass := mix(pal.skyLow, rgba(0x20, 0x40, 0x60), 0.5)
	for f := 0; f < floors; f++ {
		for x := bx + 10; x+16 < bx+bw; x += 26 {
			c := glass
			if dusk && rnd(1000+f*50+x) < 0.6 {
				c = lit
			}
			fill(img, x, by+f*fh+5, x+16, by+f*fh+fh-5, c)
		}
	}
	fill(img, bx+bw/2-22, horizon-34, bx+bw/2+22, horizon, pal.accent) // the entrance
	if n == 1 {                                                        // pool or garden in front
		pool := false
		for _, a := range p.Amenities {
			pool = pool || a.Type == "pool"
		}
		if pool {
			fill(img, 40, horizon+30, sbPhotoW-40, sbPhotoH-30, rgba(0x3c, 0xb4, 0xd8))
			for y := horizon + 40; y < sbPhotoH-40; y += 14 {
				fill(img, 60, y, sbPhotoW-60, y+2, rgba(0x9e, 0xe4, 0xf4))
			}
		} else {
			for i := 0; i < 9; i++ {
				x := int(rnd(200+i) * float64(sbPhotoW))
				fill(img, x-18, horizon+20, x+18, horizon+80, mix(pal.ground, rgba(0x1e, 0x50, 0x20), 0.5))
			}
		}
	}
	// Palms or trees either side.
	for i, x := range []int{bx - 30, bx + bw + 20} {
		h := 90 + int(rnd(300+i)*60)
		fill(img, x, horizon-h, x+6, horizon, rgba(0x5a, 0x40, 0x28))
		fill(img, x-26, horizon-h-18, x+32, horizon-h+10, mix(pal.ground, rgba(0x10, 0x40, 0x18), 0.6))
	}
	return img
}

func drawRoom(img *image.RGBA, pal palette, room sbRoom, rnd func(int) float64) {
	wall := mix(pal.wall, rgba(0xff, 0xff, 0xff), 0.3)
	fill(img, 0, 0, sbPhotoW, sbPhotoH, wall)
	floorY := sbPhotoH * 68 / 100
	fill(img, 0, floorY, sbPhotoW, sbPhotoH, mix(pal.accent, rgba(0x8a, 0x6a, 0x4a), 0.6))
	// The window with the sky.
	wx := 40 + int(rnd(1)*60)
	for y := 50; y < 230; y++ {
		fill(img, wx, y, wx+170, y+1, mix(pal.skyTop, pal.skyLow, float64(y-50)/180))
	}
	fill(img, wx+83, 50, wx+87, 230, wall)
	// The beds.
	beds := 0
	for _, b := range room.Beds {
		beds += b.Count
	}
	bw := 300 / max(1, beds)
	x := 280
	for i := 0; i < beds; i++ {
		fill(img, x, floorY-70, x+bw-14, floorY+40, rgba(0xf8, 0xf8, 0xf4))
		fill(img, x, floorY-10, x+bw-14, floorY+40, mix(pal.accent, rgba(0xff, 0xff, 0xff), 0.25))
		fill(img, x+8, floorY-62, x+bw-22, floorY-40, rgba(0xff, 0xff, 0xff))
		x += bw
	}
	fill(img, 270, floorY-140, sbPhotoW-20, floorY-70, mix(pal.accent, rgba(0x30, 0x20, 0x10), 0.4)) // headboard
	fill(img, 230, floorY-40, 262, floorY+20, rgba(0x6b, 0x4f, 0x36))                                // bedside table
	fill(img, 236, floorY-70, 256, floorY-40, rgba(0xff, 0xe0, 0x9a))                                // lamp
}
