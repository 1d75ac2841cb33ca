package richtext

import (
	"regexp"
	"strconv"
	"strings"
)

// decl is one CSS declaration of an inline style attribute.
type decl struct{ prop, val string }

// parseStyle splits an inline style into declarations, honouring quotes and parentheses.
func parseStyle(s string) []decl {
	var out []decl
	var quote rune
	depth, start := 0, 0
	flush := func(end int) {
		part := s[start:end]
		if i := strings.IndexByte(part, ':'); i > 0 {
			p := strings.ToLower(strings.TrimSpace(part[:i]))
			v := strings.TrimSpace(part[i+1:])
			if p != "" && v != "" {
				out = append(out, decl{p, v})
			}
		}
	}
	for i, c := range s {
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '(':
			depth++
		case c == ')' && depth > 0:
			depth--
		case c == ';' && depth == 0:
			flush(i)
			start = i + 1
		}
	}
	flush(len(s))
	return out
}

// renderStyle joins declarations the way bluemonday does ("a: b; c: d"), so re-sanitising is stable.
func renderStyle(ds []decl) string {
	parts := make([]string, len(ds))
	for i, d := range ds {
		parts[i] = d.prop + ": " + d.val
	}
	return strings.Join(parts, "; ")
}

func styleValue(ds []decl, prop string) string {
	v := ""
	for _, d := range ds {
		if d.prop == prop {
			v = d.val // last one wins, as in CSS
		}
	}
	return v
}

// setDecl replaces (or appends) prop; an empty value removes it.
func setDecl(ds []decl, prop, val string) []decl {
	out := ds[:0:0]
	done := false
	for _, d := range ds {
		if d.prop != prop {
			out = append(out, d)
		} else if !done && val != "" {
			out = append(out, decl{prop, val})
			done = true
		}
	}
	if !done && val != "" {
		out = append(out, decl{prop, val})
	}
	return out
}

var (
	lengthRe     = regexp.MustCompile(`^(?:0|[0-9]{1,3}(?:\.[0-9]{1,3})?(?:em|px))$`)
	fontFamilyRe = regexp.MustCompile(`^(?:[a-z0-9 _-]+|"[a-z0-9 _-]+"|'[a-z0-9 _-]+')(?:\s*,\s*(?:[a-z0-9 _-]+|"[a-z0-9 _-]+"|'[a-z0-9 _-]+'))*$`)
	fontSizeRe   = regexp.MustCompile(`^([0-9]{1,3}(?:\.[0-9]{1,3})?)(px|em|rem)$`)
	namedSizes   = []string{"xx-small", "x-small", "small", "medium", "large", "x-large", "xx-large", "smaller", "larger"}
	textAligns   = []string{"left", "right", "center", "justify"}
)

func validColor(v string) bool { _, _, _, _, ok := parseColor(v); return ok }

// validFontSize keeps named sizes and modest px/em/rem sizes; pt (pasted docs' fixed 11pt) is dropped on purpose.
func validFontSize(v string) bool {
	for _, n := range namedSizes {
		if v == n {
			return true
		}
	}
	m := fontSizeRe.FindStringSubmatch(v)
	if m == nil {
		return false
	}
	f, _ := strconv.ParseFloat(m[1], 64)
	if m[2] == "px" {
		return f > 0 && f <= 96
	}
	return f > 0 && f <= 6
}

func oneOf(v string, set []string) bool {
	for _, s := range set {
		if v == s {
			return true
		}
	}
	return false
}

// allowedStyle is the single source of truth for inline styles (used by the tree pass and bluemonday).
func allowedStyle(prop, val string) bool {
	v := strings.ToLower(strings.TrimSpace(val))
	switch prop {
	case "color", "background-color":
		return validColor(v)
	case "text-align":
		return oneOf(v, textAligns)
	case "margin-left", "padding-left":
		return lengthRe.MatchString(v)
	case "font-family":
		return fontFamilyRe.MatchString(v)
	case "font-size":
		return validFontSize(v)
	}
	return false
}

// filterStyle keeps only allowed declarations (last duplicate wins), in canonical form.
func filterStyle(ds []decl) []decl {
	var out []decl
	for _, d := range ds {
		if allowedStyle(d.prop, d.val) {
			out = setDecl(out, d.prop, d.val)
		}
	}
	return out
}
