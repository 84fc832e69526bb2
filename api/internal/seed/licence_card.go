package seed

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"math"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// LicenceScan is one demo licence document: what a regulator's certificate
// says, drawn as a photographed page (the admin's verification screen shows
// it beside the number the provider typed).
type LicenceScan struct {
	Authority string // the country or state line above the issuer
	Issuer    string
	Title     string // e.g. PRACTISING LICENCE
	Certifies string // the sentence before the name
	Holder    string
	Role      string // the sentence after the name
	Fields    [][2]string
	Signatory string
	Seal      [2]string // the seal's two lines (default OFFICIAL SEAL)
	Accent    color.RGBA
}

var (
	paper = color.RGBA{0xfb, 0xf8, 0xf0, 0xff}
	ink   = color.RGBA{0x1f, 0x29, 0x37, 0xff}
	faint = color.RGBA{0x6b, 0x72, 0x80, 0xff}
)

// face loads one of the Go fonts at size points (72 dpi: points = pixels).
func face(ttf []byte, size float64) font.Face {
	f, err := opentype.Parse(ttf)
	if err != nil {
		panic(err) // the Go fonts are embedded and valid
	}
	fc, err := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		panic(err)
	}
	return fc
}

// text draws s with its left edge at x (or centred on x when centre), its
// baseline at y.
func text(img draw.Image, f font.Face, c color.Color, x, y int, s string, centre bool) {
	d := &font.Drawer{Dst: img, Src: image.NewUniform(c), Face: f}
	if centre {
		x -= d.MeasureString(s).Round() / 2
	}
	d.Dot = fixed.P(x, y)
	d.DrawString(s)
}

func fill(img *image.RGBA, r image.Rectangle, c color.Color) {
	draw.Draw(img, r, image.NewUniform(c), image.Point{}, draw.Src)
}

// frame draws a rectangle's outline w pixels thick.
func frame(img *image.RGBA, r image.Rectangle, w int, c color.Color) {
	fill(img, image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+w), c)
	fill(img, image.Rect(r.Min.X, r.Max.Y-w, r.Max.X, r.Max.Y), c)
	fill(img, image.Rect(r.Min.X, r.Min.Y, r.Min.X+w, r.Max.Y), c)
	fill(img, image.Rect(r.Max.X-w, r.Min.Y, r.Max.X, r.Max.Y), c)
}

// Render draws the certificate (1400 x 990 pixels, the proportions of an
// A4 page turned sideways) on a slightly uneven paper tone, as a phone
// photo of a page would be, and encodes it as JPEG.
func (l LicenceScan) Render() []byte {
	const w, h = 1400, 990
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			// A soft light fall-off from the top left, like a photo taken by a window.
			shade := 1 - 0.06*math.Hypot(float64(x)/w, float64(y)/h)
			img.SetRGBA(x, y, color.RGBA{uint8(float64(paper.R) * shade), uint8(float64(paper.G) * shade),
				uint8(float64(paper.B) * shade), 0xff})
		}
	}
	frame(img, image.Rect(40, 40, w-40, h-40), 6, l.Accent)
	frame(img, image.Rect(58, 58, w-58, h-58), 2, l.Accent)

	small, body, label := face(goregular.TTF, 22), face(goregular.TTF, 26), face(gobold.TTF, 22)
	italic, title, issuer, holder := face(goitalic.TTF, 26), face(gobold.TTF, 52), face(gobold.TTF, 34), face(gobold.TTF, 46)
	cx := w / 2
	text(img, small, faint, cx, 118, l.Authority, true)
	text(img, issuer, l.Accent, cx, 168, l.Issuer, true)
	fill(img, image.Rect(cx-260, 190, cx+260, 193), l.Accent)
	text(img, title, ink, cx, 268, l.Title, true)
	text(img, italic, faint, cx, 336, l.Certifies, true)
	text(img, holder, ink, cx, 404, l.Holder, true)
	fill(img, image.Rect(cx-330, 424, cx+330, 426), faint)
	text(img, body, ink, cx, 470, l.Role, true)

	// The facts, in two columns of label and value.
	y := 560
	for i, f := range l.Fields {
		x := 170
		if i%2 == 1 {
			x = 760
		}
		text(img, label, faint, x, y, f[0], false)
		text(img, body, ink, x, y+36, f[1], false)
		if i%2 == 1 {
			y += 96
		}
	}

	// The seal and the signature.
	sx, sy := w-280, h-210
	for r := 96.0; r >= 84; r -= 6 {
		for a := 0.0; a < 2*math.Pi; a += 0.002 {
			img.SetRGBA(sx+int(r*math.Cos(a)), sy+int(r*math.Sin(a)), l.Accent)
		}
	}
	seal := l.Seal
	if seal[0] == "" {
		seal = [2]string{"OFFICIAL", "SEAL"}
	}
	text(img, label, l.Accent, sx, sy-8, seal[0], true)
	text(img, label, l.Accent, sx, sy+22, seal[1], true)
	for x := 170; x < 520; x++ { // a hand-drawn signature stroke
		yy := h - 160 + int(12*math.Sin(float64(x)/23)+5*math.Sin(float64(x)/7))
		fill(img, image.Rect(x, yy, x+2, yy+3), ink)
	}
	fill(img, image.Rect(170, h-134, 560, h-132), faint)
	text(img, small, faint, 170, h-104, l.Signatory, false)

	var buf bytes.Buffer
	_ = jpeg.Encode(&buf, img, &jpeg.Options{Quality: 85})
	return buf.Bytes()
}
