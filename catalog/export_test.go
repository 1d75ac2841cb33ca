package catalog

// NextPublishSQL exposes the next publish time's query to the external tests.
const NextPublishSQL = nextPublishSQL
