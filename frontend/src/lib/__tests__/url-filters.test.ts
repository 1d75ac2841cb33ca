import { describe, expect, it } from 'vitest';
import { BLANK_LINK, filterLinkHref, isAllowedImageSrc, isAllowedPastedImage, urlScheme, videoEmbedUrl } from '../url-filters';

describe('filterLinkHref', () => {
  it.each([
    ['https://example.com/a?b=1', 'https://example.com/a?b=1'],
    ['http://example.com', 'http://example.com'],
    ['mailto:me@example.com', 'mailto:me@example.com'],
    ['tel:+4912345', 'tel:+4912345'],
    ['sms:+4912345', 'sms:+4912345'],
    ['HTTPS://EXAMPLE.COM', 'HTTPS://EXAMPLE.COM'],
    ['github.com/me', 'https://github.com/me'],
    ['//cdn.example.com/x', 'https://cdn.example.com/x'],
    ['/blogs/abc', '/blogs/abc'],
    ['#top', '#top'],
    ['localhost:8090/admin', 'https://localhost:8090/admin'],
  ])('keeps %s as %s', (input, expected) => {
    expect(filterLinkHref(input)).toBe(expected);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    'ftp://example.com',
    '\\\\evil.example.com',
    '',
    null,
  ])('turns %j into the blank placeholder', (input) => {
    expect(filterLinkHref(input)).toBe(BLANK_LINK);
  });

  it('reads schemes as a browser does', () => {
    expect(urlScheme('java\u0000script:x')).toBe('javascript');
    expect(urlScheme('example.com:8080/x')).toBe('');
  });
});

describe('image rules', () => {
  it('allows http, https, relative and base64 PNG/JPEG data sources only', () => {
    expect(isAllowedImageSrc('https://example.com/a.png')).toBe(true);
    expect(isAllowedImageSrc('http://example.com/a.png')).toBe(true);
    expect(isAllowedImageSrc('/api/files/x/y/a.png')).toBe(true);
    expect(isAllowedImageSrc('data:image/png;base64,iVBORw0KGgo=')).toBe(true);
    expect(isAllowedImageSrc('data:image/jpeg;base64,/9j/4AAQ')).toBe(true);
    expect(isAllowedImageSrc('data:image/svg+xml;base64,PHN2Zz4=')).toBe(false);
    expect(isAllowedImageSrc('data:text/html;base64,PHNjcmlwdD4=')).toBe(false);
    expect(isAllowedImageSrc('javascript:alert(1)')).toBe(false);
    expect(isAllowedImageSrc('')).toBe(false);
  });

  it('accepts pasted or dropped PNG and JPEG files only', () => {
    expect(isAllowedPastedImage({ type: 'image/png' })).toBe(true);
    expect(isAllowedPastedImage({ type: 'image/jpeg' })).toBe(true);
    expect(isAllowedPastedImage({ type: 'image/gif' })).toBe(true);
    expect(isAllowedPastedImage({ type: 'image/svg+xml' })).toBe(false);
    expect(isAllowedPastedImage({ type: 'image/webp' })).toBe(true);
  });
});

describe('videoEmbedUrl', () => {
  it('turns YouTube and Vimeo addresses into the player URLs the server keeps', () => {
    expect(videoEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(videoEmbedUrl('https://youtu.be/dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(videoEmbedUrl('https://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871');
  });

  it('refuses anything else', () => {
    expect(videoEmbedUrl('https://example.com/video.mp4')).toBeNull();
    expect(videoEmbedUrl('javascript:alert(1)//youtube.com/watch?v=abcdefg')).toBeNull();
  });
});
