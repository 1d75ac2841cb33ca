package richtext

import (
	"math"
	"strconv"
	"strings"
)

// namedColors is the CSS named-colour table; it validates colour values and feeds the luminance test.
var namedColors = map[string][3]uint8{
	"aliceblue": {240, 248, 255}, "antiquewhite": {250, 235, 215}, "aqua": {0, 255, 255},
	"aquamarine": {127, 255, 212}, "azure": {240, 255, 255}, "beige": {245, 245, 220},
	"bisque": {255, 228, 196}, "black": {0, 0, 0}, "blanchedalmond": {255, 235, 205},
	"blue": {0, 0, 255}, "blueviolet": {138, 43, 226}, "brown": {165, 42, 42},
	"burlywood": {222, 184, 135}, "cadetblue": {95, 158, 160}, "chartreuse": {127, 255, 0},
	"chocolate": {210, 105, 30}, "coral": {255, 127, 80}, "cornflowerblue": {100, 149, 237},
	"cornsilk": {255, 248, 220}, "crimson": {220, 20, 60}, "cyan": {0, 255, 255},
	"darkblue": {0, 0, 139}, "darkcyan": {0, 139, 139}, "darkgoldenrod": {184, 134, 11},
	"darkgray": {169, 169, 169}, "darkgreen": {0, 100, 0}, "darkgrey": {169, 169, 169},
	"darkkhaki": {189, 183, 107}, "darkmagenta": {139, 0, 139}, "darkolivegreen": {85, 107, 47},
	"darkorange": {255, 140, 0}, "darkorchid": {153, 50, 204}, "darkred": {139, 0, 0},
	"darksalmon": {233, 150, 122}, "darkseagreen": {143, 188, 143}, "darkslateblue": {72, 61, 139},
	"darkslategray": {47, 79, 79}, "darkslategrey": {47, 79, 79}, "darkturquoise": {0, 206, 209},
	"darkviolet": {148, 0, 211}, "deeppink": {255, 20, 147}, "deepskyblue": {0, 191, 255},
	"dimgray": {105, 105, 105}, "dimgrey": {105, 105, 105}, "dodgerblue": {30, 144, 255},
	"firebrick": {178, 34, 34}, "floralwhite": {255, 250, 240}, "forestgreen": {34, 139, 34},
	"fuchsia": {255, 0, 255}, "gainsboro": {220, 220, 220}, "ghostwhite": {248, 248, 255},
	"gold": {255, 215, 0}, "goldenrod": {218, 165, 32}, "gray": {128, 128, 128},
	"green": {0, 128, 0}, "greenyellow": {173, 255, 47}, "grey": {128, 128, 128},
	"honeydew": {240, 255, 240}, "hotpink": {255, 105, 180}, "indianred": {205, 92, 92},
	"indigo": {75, 0, 130}, "ivory": {255, 255, 240}, "khaki": {240, 230, 140},
	"lavender": {230, 230, 250}, "lavenderblush": {255, 240, 245}, "lawngreen": {124, 252, 0},
	"lemonchiffon": {255, 250, 205}, "lightblue": {173, 216, 230}, "lightcoral": {240, 128, 128},
	"lightcyan": {224, 255, 255}, "lightgoldenrodyellow": {250, 250, 210}, "lightgray": {211, 211, 211},
	"lightgreen": {144, 238, 144}, "lightgrey": {211, 211, 211}, "lightpink": {255, 182, 193},
	"lightsalmon": {255, 160, 122}, "lightseagreen": {32, 178, 170}, "lightskyblue": {135, 206, 250},
	"lightslategray": {119, 136, 153}, "lightslategrey": {119, 136, 153}, "lightsteelblue": {176, 196, 222},
	"lightyellow": {255, 255, 224}, "lime": {0, 255, 0}, "limegreen": {50, 205, 50},
	"linen": {250, 240, 230}, "magenta": {255, 0, 255}, "maroon": {128, 0, 0},
	"mediumaquamarine": {102, 205, 170}, "mediumblue": {0, 0, 205}, "mediumorchid": {186, 85, 211},
	"mediumpurple": {147, 112, 219}, "mediumseagreen": {60, 179, 113}, "mediumslateblue": {123, 104, 238},
	"mediumspringgreen": {0, 250, 154}, "mediumturquoise": {72, 209, 204}, "mediumvioletred": {199, 21, 133},
	"midnightblue": {25, 25, 112}, "mintcream": {245, 255, 250}, "mistyrose": {255, 228, 225},
	"moccasin": {255, 228, 181}, "navajowhite": {255, 222, 173}, "navy": {0, 0, 128},
	"oldlace": {253, 245, 230}, "olive": {128, 128, 0}, "olivedrab": {107, 142, 35},
	"orange": {255, 165, 0}, "orangered": {255, 69, 0}, "orchid": {218, 112, 214},
	"palegoldenrod": {238, 232, 170}, "palegreen": {152, 251, 152}, "paleturquoise": {175, 238, 238},
	"palevioletred": {219, 112, 147}, "papayawhip": {255, 239, 213}, "peachpuff": {255, 218, 185},
	"peru": {205, 133, 63}, "pink": {255, 192, 203}, "plum": {221, 160, 221},
	"powderblue": {176, 224, 230}, "purple": {128, 0, 128}, "rebeccapurple": {102, 51, 153},
	"red": {255, 0, 0}, "rosybrown": {188, 143, 143}, "royalblue": {65, 105, 225},
	"saddlebrown": {139, 69, 19}, "salmon": {250, 128, 114}, "sandybrown": {244, 164, 96},
	"seagreen": {46, 139, 87}, "seashell": {255, 245, 238}, "sienna": {160, 82, 45},
	"silver": {192, 192, 192}, "skyblue": {135, 206, 235}, "slateblue": {106, 90, 205},
	"slategray": {112, 128, 144}, "slategrey": {112, 128, 144}, "snow": {255, 250, 250},
	"springgreen": {0, 255, 127}, "steelblue": {70, 130, 180}, "tan": {210, 180, 140},
	"teal": {0, 128, 128}, "thistle": {216, 191, 216}, "tomato": {255, 99, 71},
	"turquoise": {64, 224, 208}, "violet": {238, 130, 238}, "wheat": {245, 222, 179},
	"white": {255, 255, 255}, "whitesmoke": {245, 245, 245}, "yellow": {255, 255, 0},
	"yellowgreen": {154, 205, 50},
}

// parseColor reads a hex, rgb()/rgba() or named colour; alpha is 0..1.
func parseColor(v string) (r, g, b, alpha float64, ok bool) {
	v = strings.ToLower(strings.TrimSpace(v))
	if c, found := namedColors[v]; found {
		return float64(c[0]), float64(c[1]), float64(c[2]), 1, true
	}
	if strings.HasPrefix(v, "#") {
		return parseHex(v[1:])
	}
	var inner string
	switch {
	case strings.HasPrefix(v, "rgba(") && strings.HasSuffix(v, ")"):
		inner = v[5 : len(v)-1]
	case strings.HasPrefix(v, "rgb(") && strings.HasSuffix(v, ")"):
		inner = v[4 : len(v)-1]
	default:
		return 0, 0, 0, 0, false
	}
	parts := strings.FieldsFunc(inner, func(c rune) bool { return c == ',' || c == ' ' || c == '/' })
	if len(parts) != 3 && len(parts) != 4 {
		return 0, 0, 0, 0, false
	}
	var ch [3]float64
	for i := range 3 {
		f, isOK := parseNum(parts[i], 255)
		if !isOK {
			return 0, 0, 0, 0, false
		}
		ch[i] = f
	}
	alpha = 1
	if len(parts) == 4 {
		if alpha, ok = parseNum(parts[3], 1); !ok {
			return 0, 0, 0, 0, false
		}
	}
	return ch[0], ch[1], ch[2], alpha, true
}

// parseNum reads "12", "12.5" or "40%" (percent of max), clamped to [0, max].
func parseNum(s string, max float64) (float64, bool) {
	pct := strings.HasSuffix(s, "%")
	s = strings.TrimSuffix(s, "%")
	if s == "" || len(s) > 8 || strings.Trim(s, "0123456789.") != "" {
		return 0, false // no signs, exponents, NaN or Inf
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, false
	}
	if pct {
		f = f / 100 * max
	}
	return math.Min(f, max), true
}

func parseHex(h string) (r, g, b, alpha float64, ok bool) {
	if strings.Trim(h, "0123456789abcdef") != "" {
		return 0, 0, 0, 0, false
	}
	if len(h) == 3 || len(h) == 4 { // short form: each digit doubled
		long := make([]byte, 0, 8)
		for i := range len(h) {
			long = append(long, h[i], h[i])
		}
		h = string(long)
	}
	if len(h) != 6 && len(h) != 8 {
		return 0, 0, 0, 0, false
	}
	n, _ := strconv.ParseUint(h, 16, 64)
	if len(h) == 6 {
		n = n<<8 | 0xff
	}
	return float64(n >> 24 & 0xff), float64(n >> 16 & 0xff), float64(n >> 8 & 0xff), float64(n&0xff) / 255, true
}

// luminance is the WCAG relative luminance (0 black .. 1 white).
func luminance(r, g, b float64) float64 {
	lin := func(c float64) float64 {
		c /= 255
		if c <= 0.03928 {
			return c / 12.92
		}
		return math.Pow((c+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b)
}

// darkThreshold catches editor/IDE code backgrounds (#1e1e1e ≈ 0.013, #282c34 ≈ 0.025, #555 ≈ 0.09)
// while Quill's saturated highlight colours (#e60000 ≈ 0.17, #0066cc ≈ 0.13) stay highlights.
const darkThreshold = 0.1

// isDarkColor reports an opaque-enough colour whose luminance is below darkThreshold.
func isDarkColor(v string) bool {
	r, g, b, a, ok := parseColor(v)
	return ok && a >= 0.5 && luminance(r, g, b) < darkThreshold
}
