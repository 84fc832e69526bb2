package seed

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"math"

	"golang.org/x/image/draw"

	"sojourn/api/internal/catalog"
)

// Demo product photos: a studio shot of the product's silhouette (drawn
// from simple shapes by the line's kind: a suitcase, a jar, a mat...) in
// the collection's colour, on a soft gradient of the store's palette with
// a shadow beneath. Drawn at 400 pixels square and scaled to the catalogue's
// three sizes (400, 280, 140), JPEG: small and fast, so the demo seed stays quick.

const shopPhotoSize = 400

type prim struct {
	kind           string // rect, ellipse, ring, tri
	x0, y0, x1, y1 float64
	r              float64 // rect: corner radius; ring: inner share
	c              color.RGBA
}

func tone(c color.RGBA, f float64) color.RGBA {
	m := func(v uint8) uint8 {
		x := float64(v) * f
		if f > 1 {
			x = float64(v) + (255-float64(v))*(f-1)
		}
		return uint8(math.Max(0, math.Min(255, x)))
	}
	return color.RGBA{m(c.R), m(c.G), m(c.B), 255}
}

// shapes is the silhouette of each kind of product, in a unit square.
func shapes(kind string, c, accent color.RGBA) []prim {
	dark, light := tone(c, 0.7), tone(c, 1.35)
	switch kind {
	case "suitcase":
		return []prim{{"rect", 0.44, 0.16, 0.56, 0.24, 0.02, dark}, {"rect", 0.28, 0.22, 0.72, 0.82, 0.05, c},
			{"rect", 0.37, 0.26, 0.40, 0.78, 0.01, dark}, {"rect", 0.60, 0.26, 0.63, 0.78, 0.01, dark},
			{"ellipse", 0.31, 0.82, 0.37, 0.88, 0, dark}, {"ellipse", 0.63, 0.82, 0.69, 0.88, 0, dark}}
	case "bag":
		return []prim{{"ring", 0.36, 0.18, 0.64, 0.50, 0.72, dark}, {"tri", 0.22, 0.80, 0.30, 0.36, 0, c},
			{"rect", 0.30, 0.36, 0.70, 0.80, 0.03, c}, {"tri", 0.78, 0.80, 0.70, 0.36, 0, c}, {"rect", 0.30, 0.46, 0.70, 0.50, 0, accent}}
	case "backpack":
		return []prim{{"rect", 0.30, 0.20, 0.70, 0.84, 0.10, c}, {"rect", 0.36, 0.56, 0.64, 0.80, 0.05, dark},
			{"rect", 0.44, 0.13, 0.56, 0.21, 0.03, dark}, {"rect", 0.36, 0.60, 0.64, 0.62, 0, accent}}
	case "stripes":
		out := []prim{{"rect", 0.22, 0.18, 0.78, 0.84, 0.01, c}}
		for i := 0; i < 7; i++ {
			y := 0.22 + float64(i)*0.09
			col := accent
			if i%2 == 1 {
				col = dark
			}
			out = append(out, prim{"rect", 0.22, y, 0.78, y + 0.04, 0, col})
			if i%3 == 0 {
				out = append(out, prim{"rect", 0.40, y - 0.03, 0.60, y + 0.07, 0, light})
			}
		}
		return out
	case "bowl":
		return []prim{{"ellipse", 0.20, 0.30, 0.80, 0.82, 0, c}, {"rect", 0.18, 0.20, 0.82, 0.56, 0, color.RGBA{}},
			{"ellipse", 0.20, 0.50, 0.80, 0.62, 0, dark}}
	case "mug":
		return []prim{{"ring", 0.58, 0.40, 0.80, 0.66, 0.55, dark}, {"rect", 0.26, 0.30, 0.66, 0.80, 0.06, c},
			{"ellipse", 0.26, 0.26, 0.66, 0.34, 0, dark}}
	case "cubes":
		return []prim{{"rect", 0.18, 0.40, 0.56, 0.80, 0.05, dark}, {"rect", 0.40, 0.26, 0.80, 0.66, 0.05, c},
			{"rect", 0.30, 0.52, 0.66, 0.84, 0.05, light}}
	case "pillow":
		return []prim{{"ring", 0.20, 0.24, 0.80, 0.84, 0.45, c}, {"rect", 0.40, 0.60, 0.60, 0.86, 0, color.RGBA{}}}
	case "wallet":
		return []prim{{"rect", 0.26, 0.28, 0.74, 0.78, 0.04, c}, {"rect", 0.26, 0.28, 0.74, 0.44, 0.04, dark},
			{"ellipse", 0.62, 0.38, 0.68, 0.44, 0, accent}}
	case "tent":
		return []prim{{"tri", 0.16, 0.82, 0.50, 0.22, 0, c}, {"tri", 0.50, 0.22, 0.84, 0.82, 0, dark},
			{"tri", 0.40, 0.82, 0.50, 0.50, 0, tone(c, 0.45)}, {"tri", 0.50, 0.50, 0.60, 0.82, 0, tone(c, 0.45)}}
	case "lamp":
		return []prim{{"rect", 0.16, 0.46, 0.84, 0.56, 0.04, dark}, {"rect", 0.34, 0.34, 0.66, 0.68, 0.08, c},
			{"ellipse", 0.42, 0.42, 0.58, 0.60, 0, light}}
	case "poles":
		return []prim{{"tri", 0.30, 0.86, 0.36, 0.16, 0, c}, {"tri", 0.36, 0.16, 0.40, 0.86, 0, c},
			{"tri", 0.58, 0.86, 0.64, 0.16, 0, dark}, {"tri", 0.64, 0.16, 0.68, 0.86, 0, dark},
			{"rect", 0.30, 0.20, 0.42, 0.34, 0.02, accent}, {"rect", 0.58, 0.20, 0.70, 0.34, 0.02, accent}}
	case "jar":
		return []prim{{"rect", 0.30, 0.22, 0.70, 0.34, 0.03, dark}, {"rect", 0.28, 0.32, 0.72, 0.82, 0.06, c},
			{"rect", 0.34, 0.48, 0.66, 0.66, 0.02, light}}
	case "bottle":
		return []prim{{"rect", 0.45, 0.12, 0.55, 0.30, 0.03, dark}, {"rect", 0.36, 0.28, 0.64, 0.84, 0.05, c},
			{"rect", 0.40, 0.50, 0.60, 0.68, 0.02, light}}
	case "bar":
		return []prim{{"rect", 0.24, 0.40, 0.76, 0.74, 0.08, c}, {"rect", 0.32, 0.50, 0.68, 0.64, 0.05, dark}}
	case "mat":
		return []prim{{"rect", 0.20, 0.40, 0.80, 0.66, 0.02, c}, {"ellipse", 0.72, 0.40, 0.88, 0.66, 0, dark},
			{"ellipse", 0.76, 0.46, 0.84, 0.60, 0, light}}
	case "block":
		return []prim{{"rect", 0.26, 0.30, 0.74, 0.78, 0.02, c}, {"rect", 0.26, 0.30, 0.74, 0.40, 0.02, light}}
	case "strap":
		out := []prim{}
		for i := 0; i < 24; i++ {
			x := 0.16 + float64(i)*0.028
			y := 0.52 + 0.16*math.Sin(float64(i)*0.5)
			out = append(out, prim{"ellipse", x, y - 0.04, x + 0.06, y + 0.04, 0, c})
		}
		return append(out, prim{"rect", 0.14, 0.46, 0.22, 0.58, 0.02, accent})
	case "book":
		return []prim{{"rect", 0.28, 0.18, 0.72, 0.84, 0.01, c}, {"rect", 0.28, 0.18, 0.34, 0.84, 0, dark},
			{"rect", 0.40, 0.30, 0.66, 0.40, 0.01, light}, {"rect", 0.40, 0.44, 0.62, 0.46, 0, light}}
	case "map":
		return []prim{{"rect", 0.20, 0.24, 0.40, 0.80, 0, c}, {"rect", 0.40, 0.24, 0.60, 0.80, 0, light},
			{"rect", 0.60, 0.24, 0.80, 0.80, 0, c}, {"ellipse", 0.46, 0.40, 0.54, 0.48, 0, accent}}
	case "ring":
		return []prim{{"ring", 0.28, 0.34, 0.72, 0.80, 0.78, c}, {"ellipse", 0.42, 0.22, 0.58, 0.38, 0, accent},
			{"ellipse", 0.46, 0.26, 0.52, 0.31, 0, light}}
	case "beads":
		out := []prim{}
		for i := 0; i < 14; i++ {
			a := float64(i) / 14 * 2 * math.Pi
			x, y := 0.5+0.24*math.Cos(a), 0.54+0.24*math.Sin(a)
			col := c
			if i%3 == 0 {
				col = accent
			}
			out = append(out, prim{"ellipse", x - 0.045, y - 0.045, x + 0.045, y + 0.045, 0, col})
		}
		return out
	case "pouch":
		return []prim{{"rect", 0.28, 0.20, 0.72, 0.84, 0.04, c}, {"rect", 0.28, 0.20, 0.72, 0.28, 0.02, dark},
			{"rect", 0.36, 0.44, 0.64, 0.66, 0.02, light}}
	case "tin":
		return []prim{{"rect", 0.30, 0.28, 0.70, 0.80, 0, c}, {"ellipse", 0.30, 0.74, 0.70, 0.86, 0, c},
			{"ellipse", 0.30, 0.22, 0.70, 0.34, 0, dark}, {"rect", 0.30, 0.46, 0.70, 0.60, 0, light}}
	case "adapter":
		return []prim{{"rect", 0.46, 0.16, 0.50, 0.30, 0, dark}, {"rect", 0.54, 0.16, 0.58, 0.30, 0, dark},
			{"rect", 0.28, 0.28, 0.76, 0.80, 0.08, c}, {"rect", 0.40, 0.62, 0.48, 0.66, 0.01, dark},
			{"rect", 0.56, 0.62, 0.64, 0.66, 0.01, dark}, {"ellipse", 0.48, 0.40, 0.56, 0.48, 0, accent}}
	case "earbuds":
		return []prim{{"rect", 0.26, 0.56, 0.74, 0.84, 0.12, dark}, {"ellipse", 0.30, 0.26, 0.46, 0.44, 0, c},
			{"rect", 0.36, 0.38, 0.40, 0.56, 0.01, c}, {"ellipse", 0.54, 0.26, 0.70, 0.44, 0, c}, {"rect", 0.60, 0.38, 0.64, 0.56, 0.01, c}}
	case "cable":
		return []prim{{"ring", 0.24, 0.26, 0.76, 0.78, 0.86, c}, {"ring", 0.30, 0.32, 0.70, 0.72, 0.82, dark},
			{"rect", 0.66, 0.46, 0.84, 0.52, 0.01, accent}}
	case "watch":
		return []prim{{"rect", 0.42, 0.12, 0.58, 0.88, 0.03, dark}, {"ellipse", 0.30, 0.30, 0.70, 0.70, 0, accent},
			{"ellipse", 0.34, 0.34, 0.66, 0.66, 0, c}, {"rect", 0.495, 0.38, 0.505, 0.51, 0, light}, {"rect", 0.50, 0.495, 0.60, 0.505, 0, light}}
	}
	return []prim{{"rect", 0.28, 0.28, 0.72, 0.80, 0.04, c}}
}

func (p prim) inside(x, y float64) bool {
	switch p.kind {
	case "ellipse", "ring":
		cx, cy, rx, ry := (p.x0+p.x1)/2, (p.y0+p.y1)/2, (p.x1-p.x0)/2, (p.y1-p.y0)/2
		d := (x-cx)*(x-cx)/(rx*rx) + (y-cy)*(y-cy)/(ry*ry)
		if p.kind == "ring" {
			return d <= 1 && d >= p.r*p.r
		}
		return d <= 1
	case "tri": // (x0,y0) base corner, (x1,y1) apex, base at y0 from x0 to the apex's mirror
		bx := 2*p.x1 - p.x0
		if y < p.y1 || y > p.y0 {
			return false
		}
		t := (y - p.y1) / (p.y0 - p.y1)
		lo, hi := p.x1+(p.x0-p.x1)*t, p.x1+(bx-p.x1)*t
		if lo > hi {
			lo, hi = hi, lo
		}
		return x >= lo && x <= hi
	}
	if x < p.x0 || x > p.x1 || y < p.y0 || y > p.y1 {
		return false
	}
	r := p.r
	dx := math.Max(math.Max(p.x0+r-x, x-(p.x1-r)), 0)
	dy := math.Max(math.Max(p.y0+r-y, y-(p.y1-r)), 0)
	return dx*dx+dy*dy <= r*r
}

// drawProduct paints one photo: the gradient and the shadow, then each
// shape over its own bounding box (painter's order).
func drawProduct(kind string, bg, obj, accent color.RGBA, seed uint64) *image.RGBA {
	n := shopPhotoSize
	fn := float64(n)
	img := image.NewRGBA(image.Rect(0, 0, n, n))
	top, bottom := tone(bg, 1.85), tone(bg, 1.45)
	rows := make([]color.RGBA, n)
	set := func(px, py int, c color.RGBA) {
		i := py*img.Stride + px*4
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, 255
	}
	for py := 0; py < n; py++ {
		y := float64(py) / fn
		rows[py] = color.RGBA{uint8(float64(top.R)*(1-y) + float64(bottom.R)*y), uint8(float64(top.G)*(1-y) + float64(bottom.G)*y),
			uint8(float64(top.B)*(1-y) + float64(bottom.B)*y), 255}
		for px := 0; px < n; px++ {
			set(px, py, rows[py])
		}
	}
	for py := int(0.84 * fn); py < int(0.92*fn); py++ { // the shadow
		y := float64(py) / fn
		for px := int(0.2 * fn); px < int(0.8*fn); px++ {
			x := float64(px) / fn
			if sd := (x-0.5)*(x-0.5)/0.09 + (y-0.88)*(y-0.88)/0.0016; sd < 1 {
				set(px, py, tone(rows[py], 0.82+0.18*sd))
			}
		}
	}
	tilt := (hash01(seed, 1) - 0.5) * 0.08
	for _, p := range shapes(kind, obj, accent) {
		x0, x1 := math.Min(p.x0, p.x1), math.Max(p.x0, p.x1)
		if p.kind == "tri" {
			bx := 2*p.x1 - p.x0
			x0, x1 = math.Min(x0, bx), math.Max(x1, bx)
		}
		y0, y1 := math.Min(p.y0, p.y1), math.Max(p.y0, p.y1)
		for py := max(0, int(y0*fn)); py <= min(n-1, int(y1*fn)+1); py++ {
			y := float64(py) / fn
			shift := tilt * (y - 0.5)
			for px := max(0, int((x0-shift)*fn)-1); px <= min(n-1, int((x1-shift)*fn)+1); px++ {
				if !p.inside(float64(px)/fn+shift, y) {
					continue
				}
				if p.c.A == 0 { // a cut-out: the background again
					set(px, py, rows[py])
				} else {
					set(px, py, p.c)
				}
			}
		}
	}
	return img
}

// productPhoto draws a product's photo and encodes its three sizes.
func productPhoto(kind string, bg, obj, accent color.RGBA, seed uint64) catalog.PhotoSet {
	// Each product its own shade of the collection's colours.
	obj, bg = tone(obj, 0.8+0.45*hash01(seed, 2)), tone(bg, 0.85+0.3*hash01(seed, 3))
	img := drawProduct(kind, bg, obj, accent, seed)
	enc := func(m image.Image) []byte {
		var b bytes.Buffer
		_ = jpeg.Encode(&b, m, &jpeg.Options{Quality: 80})
		return b.Bytes()
	}
	scale := func(side int) image.Image {
		dst := image.NewRGBA(image.Rect(0, 0, side, side))
		draw.ApproxBiLinear.Scale(dst, dst.Bounds(), img, img.Bounds(), draw.Src, nil)
		return dst
	}
	return catalog.PhotoSet{Large: enc(img), Medium: enc(scale(280)), Thumb: enc(scale(140)), Ext: "jpg", Width: 280, Height: 280}
}

// certificateImage draws an authenticity certificate: a cream page with a
// border, a seal and lines of "text", as a JPEG.
func certificateImage(seal color.RGBA, seed uint64) []byte {
	w, h := 300, 400
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	paper, ink := rgb(0xfb, 0xf7, 0xeb), rgb(0x44, 0x40, 0x3c)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := paper
			border := x < 14 || y < 14 || x >= w-14 || y >= h-14
			inner := (x >= 20 && x < 22) || (y >= 20 && y < 22) || (x >= w-22 && x < w-20) || (y >= h-22 && y < h-20)
			if border || inner {
				c = seal
			}
			if y > 90 && y < 300 && x > 40 && x < w-40 && (y-90)%22 < 4 && hash01(seed, (y-90)/22*97+x/30) > 0.15 {
				c = ink
			}
			if dx, dy := float64(x-w/2), float64(y-340); dx*dx+dy*dy < 26*26 {
				c = seal
			}
			i := y*img.Stride + x*4
			img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, 255
		}
	}
	var b bytes.Buffer
	_ = jpeg.Encode(&b, img, &jpeg.Options{Quality: 85})
	return b.Bytes()
}
