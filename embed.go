package main

import (
	"embed"
	"io/fs"
)

// The Vite build writes the React app here (frontend: npm run build); a placeholder
// file keeps the folder, so the binary compiles before the first front-end build.
//
//go:embed all:pb_public
var embedded embed.FS

func publicFS() fs.FS {
	sub, err := fs.Sub(embedded, "pb_public")
	if err != nil {
		panic(err)
	}
	return sub
}
