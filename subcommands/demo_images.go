package subcommands

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math"
	"sync"
)

// Demo images are drawn in code (gradients and shapes, no text), so the seed needs no assets
// and no network. Covers come in demoCoverVariants designs, each encoded once and reused.
const (
	demoCoverW        = 1600
	demoCoverH        = 900
	demoCoverVariants = 12
	// demoCoverLimit: items from this index on get no cover, which keeps a 10,000-item seed
	// fast and its data dir small (each cover is a file write plus the resize hook's decode).
	demoCoverLimit = 240
)

var demoPalettes = [demoCoverVariants][3]color.RGBA{
	{rgb(0x0f172a), rgb(0x2563eb), rgb(0xf59e0b)},
	{rgb(0x134e4a), rgb(0x5eead4), rgb(0xfef3c7)},
	{rgb(0x4c1d95), rgb(0xdb2777), rgb(0xfde68a)},
	{rgb(0x1e293b), rgb(0x64748b), rgb(0x38bdf8)},
	{rgb(0x7c2d12), rgb(0xf97316), rgb(0xfff7ed)},
	{rgb(0x052e16), rgb(0x16a34a), rgb(0xbef264)},
	{rgb(0x312e81), rgb(0x06b6d4), rgb(0xf0abfc)},
	{rgb(0x3f3f46), rgb(0xa1a1aa), rgb(0xef4444)},
	{rgb(0x0c4a6e), rgb(0x7dd3fc), rgb(0xffffff)},
	{rgb(0x581c87), rgb(0xf472b6), rgb(0x22d3ee)},
	{rgb(0x1c1917), rgb(0xca8a04), rgb(0xfafaf9)},
	{rgb(0x164e63), rgb(0xa78bfa), rgb(0xfacc15)},
}

func rgb(v uint32) color.RGBA {
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 255}
}

var (
	demoCoverMu    sync.Mutex
	demoCoverCache = map[int][]byte{}
)

// demoCover returns the JPEG bytes of cover design v (mod demoCoverVariants), drawn once.
func demoCover(v int) ([]byte, error) {
	v %= demoCoverVariants
	demoCoverMu.Lock()
	defer demoCoverMu.Unlock()
	if b, ok := demoCoverCache[v]; ok {
		return b, nil
	}
	b, err := encodeJPEG(drawCover(v))
	if err != nil {
		return nil, err
	}
	demoCoverCache[v] = b
	return b, nil
}

func drawCover(v int) *image.RGBA {
	p := demoPalettes[v]
	img := image.NewRGBA(image.Rect(0, 0, demoCoverW, demoCoverH))
	angle := float64(v) * math.Pi / 7
	linearGradient(img, p[0], p[1], angle)
	r := demoRand(v, 3)
	w, h := float64(demoCoverW), float64(demoCoverH)
	switch v % 4 {
	case 0: // soft bubbles
		for range 7 {
			fillCircle(img, r.Float64()*w, r.Float64()*h, 60+r.Float64()*220, p[2], 0.25+r.Float64()*0.3)
		}
	case 1: // diagonal bands
		for k := range 6 {
			fillBand(img, float64(k)*320-200+r.Float64()*80, 90+r.Float64()*60, p[2], 0.12+0.05*float64(k%3))
		}
	case 2: // rings around an off-canvas centre
		cx, cy := w*(0.7+r.Float64()*0.3), h*(0.6+r.Float64()*0.4)
		for k := 9; k >= 1; k-- {
			c := p[2]
			if k%2 == 0 {
				c = p[0]
			}
			fillCircle(img, cx, cy, float64(k)*110, c, 0.18)
		}
	default: // cards, like a UI sketch
		for row := range 3 {
			for col := range 4 {
				x0 := 140 + float64(col)*350
				y0 := 120 + float64(row)*240
				fillRect(img, x0, y0, x0+300, y0+190, p[2], 0.12+r.Float64()*0.25)
			}
		}
	}
	return img
}

// demoAvatar is the profile picture: a person silhouette on a radial gradient (PNG).
func demoAvatar() ([]byte, error) {
	const s = 512
	img := image.NewRGBA(image.Rect(0, 0, s, s))
	inner, outer, fg := rgb(0x38bdf8), rgb(0x1e3a8a), rgb(0xf8fafc)
	for y := range s {
		for x := range s {
			d := math.Hypot(float64(x)-s*0.35, float64(y)-s*0.3) / (s * 0.95)
			set(img, x, y, mix(inner, outer, math.Min(d, 1)))
		}
	}
	fillCircle(img, s/2, s*0.4, s*0.17, fg, 0.95)
	fillEllipse(img, s/2, s*0.98, s*0.33, s*0.3, fg, 0.95)
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// demoLandscape is the About media: sky, sun and three mountain ridges (JPEG).
func demoLandscape() ([]byte, error) {
	const w, h = 1200, 800
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	sky0, sky1 := rgb(0x1e3a8a), rgb(0xfdba74)
	for y := range h {
		c := mix(sky0, sky1, float64(y)/h)
		for x := range w {
			set(img, x, y, c)
		}
	}
	fillCircle(img, w*0.72, h*0.42, 70, rgb(0xfef3c7), 0.95)
	ridges := []struct {
		base, amp, freq, phase float64
		c                      color.RGBA
	}{
		{h * 0.55, 60, 0.011, 0.4, rgb(0x6d28d9)},
		{h * 0.66, 45, 0.017, 1.9, rgb(0x4c1d95)},
		{h * 0.78, 35, 0.023, 3.1, rgb(0x2e1065)},
	}
	for _, rd := range ridges {
		for x := range w {
			fx := float64(x)
			top := rd.base - rd.amp*math.Sin(fx*rd.freq+rd.phase) - rd.amp*0.4*math.Sin(fx*rd.freq*2.7+rd.phase*2)
			for y := int(math.Max(top, 0)); y < h; y++ {
				set(img, x, y, rd.c)
			}
		}
	}
	return encodeJPEG(img)
}

func encodeJPEG(img image.Image) ([]byte, error) {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 82}); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func set(img *image.RGBA, x, y int, c color.RGBA) {
	i := img.PixOffset(x, y)
	img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, 255
}

// blend paints c over pixel (x, y) with opacity a in [0, 1].
func blend(img *image.RGBA, x, y int, c color.RGBA, a float64) {
	if a <= 0 || !(image.Point{x, y}.In(img.Rect)) {
		return
	}
	i := img.PixOffset(x, y)
	img.Pix[i] = uint8(float64(img.Pix[i])*(1-a) + float64(c.R)*a)
	img.Pix[i+1] = uint8(float64(img.Pix[i+1])*(1-a) + float64(c.G)*a)
	img.Pix[i+2] = uint8(float64(img.Pix[i+2])*(1-a) + float64(c.B)*a)
}

func mix(a, b color.RGBA, t float64) color.RGBA {
	l := func(x, y uint8) uint8 { return uint8(float64(x) + (float64(y)-float64(x))*t) }
	return color.RGBA{l(a.R, b.R), l(a.G, b.G), l(a.B, b.B), 255}
}

func linearGradient(img *image.RGBA, a, b color.RGBA, angle float64) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	cs, sn := math.Cos(angle), math.Sin(angle)
	lo := math.Min(0, cs*float64(w)) + math.Min(0, sn*float64(h))
	hi := math.Max(0, cs*float64(w)) + math.Max(0, sn*float64(h))
	for y := range h {
		for x := range w {
			t := (float64(x)*cs + float64(y)*sn - lo) / (hi - lo)
			set(img, x, y, mix(a, b, t))
		}
	}
}

// fillEllipse fills an axis-aligned ellipse with a one-pixel soft edge.
func fillEllipse(img *image.RGBA, cx, cy, rx, ry float64, c color.RGBA, a float64) {
	for y := int(cy - ry - 1); y <= int(cy+ry+1); y++ {
		for x := int(cx - rx - 1); x <= int(cx+rx+1); x++ {
			dx, dy := (float64(x)-cx)/rx, (float64(y)-cy)/ry
			d := (math.Sqrt(dx*dx+dy*dy) - 1) * math.Min(rx, ry) // signed distance in pixels, roughly
			blend(img, x, y, c, a*math.Max(0, math.Min(1, 0.5-d)))
		}
	}
}

func fillCircle(img *image.RGBA, cx, cy, r float64, c color.RGBA, a float64) {
	fillEllipse(img, cx, cy, r, r, c, a)
}

func fillRect(img *image.RGBA, x0, y0, x1, y1 float64, c color.RGBA, a float64) {
	for y := int(y0); y < int(y1); y++ {
		for x := int(x0); x < int(x1); x++ {
			blend(img, x, y, c, a)
		}
	}
}

// fillBand paints a 45° band of the given width starting at x offset off.
func fillBand(img *image.RGBA, off, width float64, c color.RGBA, a float64) {
	for y := range img.Rect.Dy() {
		x0 := off + float64(y)*0.6
		for x := int(x0); x < int(x0+width); x++ {
			blend(img, x, y, c, a)
		}
	}
}
