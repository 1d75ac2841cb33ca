package hooks

// DescribeUserAgent exposes describeUserAgent to the external tests.
func DescribeUserAgent(ua string) (string, string) { return describeUserAgent(ua) }
