package richtext

// seedInputs is every HTML input of the table tests, reused as the fuzz seed corpus.
func seedInputs() []string {
	var out []string
	for _, c := range sanitizeCases {
		out = append(out, c.in)
	}
	for _, c := range xssCases {
		out = append(out, c)
	}
	for _, c := range normalizeCases {
		out = append(out, c.in)
	}
	return out
}
