// Keeps frontend/ (and Go code some npm packages ship in node_modules) out of the
// root module's ./... patterns: go vet, go test and go build never read it.
module folio/frontend

go 1.26
