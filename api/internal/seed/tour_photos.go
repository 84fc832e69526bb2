package seed

import (
	"bytes"
	"hash/fnv"
	"image"
	"image/color"
	"image/jpeg"
	"math"
	"strings"

	"golang.org/x/image/font/gofont/gobold"
)

// Demo tour photos: a place rather than a person. Each is a landscape drawn
// in layers (a sky graded by the time of day, the sun, far hills, the
// city's own skyline or landmark, sea or land, foreground trees), with the
// tour's colour in the light and the city's name small in a corner, as a
// postcard would. 960 x 600 pixels, JPEG.

const photoW, photoH = 960, 600

// timeOfDay is a palette: the sky from top to horizon, the sun, and how
// dark the land is.
type timeOfDay struct {
	top, horizon, sun color.RGBA
	shade             float64 // 0 = land in full light, 1 = black silhouettes
}

var daytimes = []timeOfDay{
	{top: rgb(0x3b, 0x82, 0xc4), horizon: rgb(0xbf, 0xe3, 0xf5), sun: rgb(0xff, 0xfb, 0xe6), shade: 0.35}, // late morning
	{top: rgb(0x5b, 0x3a, 0x8c), horizon: rgb(0xfb, 0xa6, 0x5a), sun: rgb(0xff, 0xe3, 0x9b), shade: 0.7},  // golden hour
	{top: rgb(0x1e, 0x3a, 0x8a), horizon: rgb(0xf4, 0x9a, 0xb0), sun: rgb(0xff, 0xd6, 0xc4), shade: 0.55}, // dawn
	{top: rgb(0x0f, 0x17, 0x2a), horizon: rgb(0xc2, 0x41, 0x0c), sun: rgb(0xfd, 0xba, 0x74), shade: 0.85}, // dusk
}

func rgb(r, g, b uint8) color.RGBA { return color.RGBA{r, g, b, 0xff} }

// landscape is what a city looks like.
type landscape struct {
	sea      bool                                           // water in front, from the horizon down
	horizon  float64                                        // where sky meets land or sea, as a share of the height
	skyline  func(x float64, rnd func(int) float64) float64 // the landmark layer's height (share of the height) at x in [0,1]
	trees    string                                         // "palm", "acacia" or ""
	dunes    bool
	mountain float64 // the far hills' height
}

// hash01 is a stable pseudo-random number in [0,1) for (seed, i).
func hash01(seed uint64, i int) float64 {
	x := seed ^ uint64(i)*0x9e3779b97f4a7c15
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return float64(x>>11) / float64(1<<53)
}

func towers(x float64, rnd func(int) float64, from, to, maxH float64) float64 {
	if x < from || x > to {
		return 0
	}
	i := int((x - from) / 0.022)
	h := 0.04 + rnd(i)*maxH
	if rnd(i+500) < 0.15 { // a gap between blocks
		return 0.02
	}
	return h
}

var landscapes = map[string]landscape{
	"cape town": {sea: true, horizon: 0.62, mountain: 0.05, trees: "",
		skyline: func(x float64, rnd func(int) float64) float64 { // the flat top of Table Mountain, Lion's Head beside it
			table := 0.0
			switch {
			case x > 0.18 && x < 0.30:
				table = 0.30 * (x - 0.18) / 0.12
			case x >= 0.30 && x <= 0.66:
				table = 0.30 + 0.006*math.Sin(x*90)
			case x > 0.66 && x < 0.80:
				table = 0.30 * (0.80 - x) / 0.14
			}
			lion := 0.24 - 6*math.Pow(x-0.9, 2)
			return math.Max(math.Max(table, lion), towers(x, rnd, 0.25, 0.55, 0.05))
		}},
	"lagos": {sea: true, horizon: 0.66, mountain: 0, trees: "palm",
		skyline: func(x float64, rnd func(int) float64) float64 { return towers(x, rnd, 0.3, 0.95, 0.22) }},
	"accra": {sea: true, horizon: 0.64, mountain: 0.02, trees: "palm",
		skyline: func(x float64, rnd func(int) float64) float64 { // the lighthouse at Jamestown and low roofs
			lh := 0.0
			if math.Abs(x-0.72) < 0.012 {
				lh = 0.26
			}
			if math.Abs(x-0.72) < 0.02 && lh == 0 {
				lh = 0.08
			}
			return math.Max(lh, towers(x, rnd, 0.45, 0.9, 0.06))
		}},
	"nairobi": {sea: false, horizon: 0.7, mountain: 0.1, trees: "acacia",
		skyline: func(x float64, rnd func(int) float64) float64 { return towers(x, rnd, 0.62, 0.86, 0.16) * 0.8 }},
	"marrakech": {sea: false, horizon: 0.68, mountain: 0.18, trees: "palm", dunes: true,
		skyline: func(x float64, rnd func(int) float64) float64 { // the Koutoubia minaret over low walls
			m := 0.0
			if math.Abs(x-0.4) < 0.025 {
				m = 0.30
				if math.Abs(x-0.4) < 0.008 {
					m = 0.36
				}
			}
			walls := 0.05 + 0.01*math.Round(math.Sin(x*140))
			if x < 0.15 || x > 0.85 {
				walls = 0
			}
			return math.Max(m, walls)
		}},
}

// TourPhoto renders a demo photo of a tour in city: variant picks the time
// of day and the composition, colour tints the light.
func TourPhoto(city string, colour color.RGBA, variant int) []byte {
	key := strings.ToLower(strings.TrimSpace(city))
	ls, ok := landscapes[key]
	if !ok {
		ls = landscape{horizon: 0.66, mountain: 0.14, trees: "acacia",
			skyline: func(x float64, rnd func(int) float64) float64 { return 0 }}
	}
	h := fnv.New64a()
	_, _ = h.Write([]byte(key))
	base := h.Sum64()
	seed := base + uint64(variant)*7919
	rnd := func(i int) float64 { return hash01(seed, i) }
	tod := daytimes[(variant+int(base%4))%len(daytimes)]
	tod.horizon = mix(tod.horizon, colour, 0.18)
	tod.top = mix(tod.top, colour, 0.08)

	img := image.NewRGBA(image.Rect(0, 0, photoW, photoH))
	W, H := float64(photoW), float64(photoH)
	horizonY := ls.horizon * H
	sunX, sunY := W*(0.2+0.6*rnd(1)), horizonY-H*(0.12+0.25*rnd(2))
	if tod.shade > 0.6 {
		sunY = horizonY - H*0.06 // low sun at the golden hour and dusk
	}
	far := mix(mix(tod.horizon, tod.top, 0.35), rgb(0x10, 0x18, 0x28), 0.25)
	landmark := mix(tod.horizon, rgb(0x0b, 0x10, 0x1c), 0.45+0.4*tod.shade)
	land := mix(mix(rgb(0x6b, 0x8e, 0x3a), rgb(0xc8, 0x9b, 0x5b), b2f(ls.dunes)), rgb(0x12, 0x12, 0x18), tod.shade)
	sea := mix(mix(tod.top, rgb(0x0e, 0x74, 0x90), 0.5), rgb(0x05, 0x0a, 0x14), tod.shade*0.6)
	tree := mix(rgb(0x1f, 0x3b, 0x1a), rgb(0x05, 0x07, 0x0a), 0.3+0.7*tod.shade)

	phase1, phase2 := rnd(3)*10, rnd(4)*10
	sky := make([]color.RGBA, photoH)
	for py := range sky {
		sky[py] = mix(tod.top, tod.horizon, math.Pow(float64(py)/horizonY, 1.6))
	}
	sunR, glow := H*0.045, H*0.12
	for px := 0; px < photoW; px++ {
		x := float64(px) / W
		hill := horizonY - H*(ls.mountain*(0.55+0.45*math.Sin(x*7+phase1))*(0.7+0.3*math.Sin(x*19+phase2)))
		mark := horizonY - H*ls.skyline(x, rnd)
		for py := 0; py < photoH; py++ {
			y := float64(py)
			var c color.RGBA
			switch {
			case y < hill && y < mark || y < horizonY && ls.mountain == 0 && y < mark:
				c = sky[py]
				if dx, dy := float64(px)-sunX, y-sunY; math.Abs(dx) < 5*glow && math.Abs(dy) < 5*glow {
					if d := math.Hypot(dx, dy); d < sunR {
						c = tod.sun
					} else {
						c = mix(c, tod.sun, 0.55*math.Exp(-(d-sunR)/glow))
					}
				}
			case y < horizonY && y >= mark:
				c = landmark
			case y < horizonY:
				c = mix(far, tod.horizon, 0.3*(horizonY-y)/(H*0.2+1))
			case ls.sea:
				depth := (y - horizonY) / (H - horizonY)
				c = mix(mix(tod.horizon, sea, 0.5), sea, math.Sqrt(depth))
				// the sun's path on the water: broken horizontal glints
				if math.Abs(float64(px)-sunX) < W*0.05*(1+2*depth) && py%3 == 0 && hash01(seed, py*131+px/9) > 0.62 {
					c = mix(c, tod.sun, 0.55*(1-depth*0.7))
				}
				if y > H*0.9 { // the near shore
					c = mix(land, rgb(0xe0, 0xc8, 0x96), 0.5*(1-tod.shade))
				}
			default:
				depth := (y - horizonY) / (H - horizonY)
				c = mix(mix(land, tod.horizon, 0.25*(1-depth)), land, depth)
				if ls.dunes {
					c = mix(c, tod.sun, 0.12*math.Max(0, math.Sin(float64(px)*0.012+y*0.035+math.Sin(float64(px)*0.005)*3)))
				}
			}
			img.SetRGBA(px, py, c)
		}
	}
	switch ls.trees {
	case "palm":
		for i := 0; i < 3; i++ {
			palm(img, W*(0.05+0.12*float64(i)+0.05*rnd(10+i)), H*(0.98-0.02*float64(i)), H*(0.42-0.08*float64(i)), rnd(20+i)-0.5, tree)
		}
	case "acacia":
		for i := 0; i < 4; i++ {
			near := float64(i%2) * 0.12
			acacia(img, W*(0.08+0.22*float64(i)+0.08*rnd(30+i)), horizonY+H*(0.04+near+0.05*rnd(40+i)), H*(0.10+near+0.05*rnd(50+i)), tree)
		}
	}
	// The city, small, where a postcard prints it.
	f := face(gobold.TTF, 22)
	text(img, f, color.RGBA{0xff, 0xff, 0xff, 0xb0}, photoW-24-len(city)*15, photoH-22, strings.ToUpper(city), false)
	var buf bytes.Buffer
	_ = jpeg.Encode(&buf, img, &jpeg.Options{Quality: 85})
	return buf.Bytes()
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

func disc(img *image.RGBA, cx, cy, r float64, c color.RGBA) {
	for y := int(cy - r); y <= int(cy+r); y++ {
		for x := int(cx - r); x <= int(cx+r); x++ {
			if (float64(x)-cx)*(float64(x)-cx)+(float64(y)-cy)*(float64(y)-cy) <= r*r && image.Pt(x, y).In(img.Rect) {
				img.SetRGBA(x, y, c)
			}
		}
	}
}

// palm draws a leaning palm: a curved trunk of discs and drooping fronds.
func palm(img *image.RGBA, x, base, height, lean float64, c color.RGBA) {
	topX, topY := x, base
	for t := 0.0; t <= 1; t += 0.01 {
		topX = x + lean*height*0.5*t*t
		topY = base - height*t
		disc(img, topX, topY, height*0.018*(1.3-0.5*t), c)
	}
	for k := 0; k < 7; k++ {
		a := -math.Pi + float64(k)*math.Pi/6 + 0.1
		for t := 0.0; t <= 1; t += 0.02 {
			fx := topX + math.Cos(a)*height*0.32*t
			fy := topY + math.Sin(a)*height*0.18*t + height*0.16*t*t
			disc(img, fx, fy, height*0.014*(1-t)+1, c)
		}
	}
}

// acacia draws a flat-topped savanna tree.
func acacia(img *image.RGBA, x, base, height float64, c color.RGBA) {
	for t := 0.0; t <= 1; t += 0.01 {
		disc(img, x, base-height*0.7*t, height*0.03+1, c)
	}
	for i := -6; i <= 6; i++ {
		disc(img, x+float64(i)*height*0.09, base-height*0.78-height*0.06*math.Cos(float64(i)/4), height*0.13, c)
	}
}
