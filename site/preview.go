package site

// previewBanner tops a previewed item page: visible to whoever holds the link.
const previewBanner = `<div class="preview-banner" role="status" style="margin:0 0 var(--mantine-spacing-md);padding:var(--mantine-spacing-xs) var(--mantine-spacing-md);` +
	`border-radius:var(--mantine-radius-md);background:var(--mantine-color-yellow-light);color:var(--mantine-color-text);border-left:4px solid var(--mantine-color-yellow-filled);font-weight:600">` +
	`Preview: this page is not public. Anyone holding this link can see it until it expires or is revoked.</div>`
