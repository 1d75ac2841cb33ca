import { Extension, getMarkAttributes, Mark, mergeAttributes, Node, type CommandProps, type RawCommands } from '@tiptap/core';
import type { Node as PMNode } from '@tiptap/pm/model';
import Highlight from '@tiptap/extension-highlight';
import Image from '@tiptap/extension-image';
import { Placeholder } from '@tiptap/extensions';
import StarterKit from '@tiptap/starter-kit';
import { Link } from '@mantine/tiptap';
import { EDITOR_FONT_SIZES, EDITOR_FONTS, EDITOR_INDENT_EM, EDITOR_MAX_INDENT } from '@/config/constants';
import { TableKit } from './table';
import { filterLinkHref, isAllowedImageSrc, videoEmbedUrl } from '@/lib/url-filters';

// Every extension writes the HTML form the server's sanitiser keeps (richtext/sanitize.go):
// inline styles color, background-color, text-align, margin-left, font-family, font-size;
// <sub>/<sup>; <img> with http(s)/data PNG-JPEG sources; player <iframe>s.

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    textStyle: {
      setColor: (color: string) => ReturnType;
      unsetColor: () => ReturnType;
      setFontFamily: (font: string) => ReturnType;
      setFontSize: (size: string) => ReturnType;
      removeEmptyTextStyle: () => ReturnType;
    };
    textAlign: { setTextAlign: (alignment: string) => ReturnType; unsetTextAlign: () => ReturnType };
    indent: { indent: () => ReturnType; outdent: () => ReturnType };
    subscript: { toggleSubscript: () => ReturnType };
    superscript: { toggleSuperscript: () => ReturnType };
    video: { setVideo: (src: string) => ReturnType };
    clearFormatting: { clearFormatting: () => ReturnType };
  }
}

const FONT_SIZES: string[] = EDITOR_FONT_SIZES.map((s) => s.value).filter(Boolean);
const FONTS: string[] = EDITOR_FONTS.map((f) => f.value).filter(Boolean);

/** A style property as an attribute; `accept` keeps pasted values the server would drop out. */
const styleAttribute = (prop: string, accept: (v: string) => boolean = () => true) => ({
  default: null,
  parseHTML: (el: HTMLElement) => {
    const v = el.style.getPropertyValue(prop).trim().replace(/"/g, '');
    return v && accept(v.toLowerCase()) ? v.toLowerCase() : null;
  },
});

/** <span style> for text colour, font and size, in one mark. */
const TextStyle = Mark.create({
  name: 'textStyle',
  priority: 101,
  addAttributes() {
    return {
      color: { ...styleAttribute('color'), renderHTML: (a) => (a.color ? { style: `color: ${a.color}` } : {}) },
      fontFamily: {
        ...styleAttribute('font-family', (v) => FONTS.includes(v)),
        renderHTML: (a) => (a.fontFamily ? { style: `font-family: ${a.fontFamily}` } : {}),
      },
      fontSize: {
        ...styleAttribute('font-size', (v) => FONT_SIZES.includes(v)),
        renderHTML: (a) => (a.fontSize ? { style: `font-size: ${a.fontSize}` } : {}),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'span', getAttrs: (el) => ((el as HTMLElement).hasAttribute('style') ? {} : false) }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['span', mergeAttributes(HTMLAttributes), 0];
  },
  addCommands() {
    const set =
      (attrs: Record<string, string | null>) =>
      ({ chain }: CommandProps) =>
        chain().setMark('textStyle', attrs).removeEmptyTextStyle().run();
    return {
      setColor: (color) => set({ color }),
      unsetColor: () => set({ color: null }),
      setFontFamily: (font) => set({ fontFamily: font || null }),
      setFontSize: (size) => set({ fontSize: size || null }),
      removeEmptyTextStyle:
        () =>
        ({ state, commands }) => {
          const attrs = getMarkAttributes(state, this.type);
          if (Object.values(attrs).some((v) => v != null)) return true;
          return commands.unsetMark(this.name);
        },
    };
  },
});

const BLOCKS = ['paragraph', 'heading'];

/** text-align on paragraphs and headings. */
const TextAlign = Extension.create({
  name: 'textAlign',
  addGlobalAttributes() {
    return [
      {
        types: BLOCKS,
        attributes: {
          textAlign: {
            default: null,
            parseHTML: (el) => {
              const v = el.style.textAlign;
              return ['left', 'right', 'center', 'justify'].includes(v) ? v : null;
            },
            renderHTML: (a) => (a.textAlign ? { style: `text-align: ${a.textAlign}` } : {}),
          },
        },
      },
    ];
  },
  addCommands() {
    return {
      setTextAlign:
        (alignment) =>
        ({ commands }) =>
          BLOCKS.map((type) => commands.updateAttributes(type, { textAlign: alignment === 'left' ? null : alignment })).some(Boolean),
      unsetTextAlign:
        () =>
        ({ commands }) =>
          BLOCKS.map((type) => commands.resetAttributes(type, 'textAlign')).some(Boolean),
    };
  },
});

/** Indent -1/+1: list items nest; paragraphs and headings get 2em of left margin per level. */
const Indent = Extension.create({
  name: 'indent',
  addGlobalAttributes() {
    return [
      {
        types: BLOCKS,
        attributes: {
          indent: {
            default: 0,
            parseHTML: (el) => {
              const m = /^(\d+(?:\.\d+)?)em$/.exec(el.style.marginLeft);
              return m ? Math.min(EDITOR_MAX_INDENT, Math.round(Number(m[1]) / EDITOR_INDENT_EM)) : 0;
            },
            renderHTML: (a) => (a.indent > 0 ? { style: `margin-left: ${a.indent * EDITOR_INDENT_EM}em` } : {}),
          },
        },
      },
    ];
  },
  addCommands() {
    const shift =
      (by: number) =>
      ({ state, tr, dispatch, editor, commands }: CommandProps): boolean => {
        if (editor.isActive('listItem')) {
          return by > 0 ? commands.sinkListItem('listItem') : commands.liftListItem('listItem');
        }
        const { from, to } = state.selection;
        let changed = false;
        state.doc.nodesBetween(from, to, (node: PMNode, pos: number) => {
          if (!BLOCKS.includes(node.type.name)) return;
          const indent = Math.max(0, Math.min(EDITOR_MAX_INDENT, (node.attrs.indent ?? 0) + by));
          if (indent !== node.attrs.indent) {
            tr.setNodeMarkup(pos, undefined, { ...node.attrs, indent });
            changed = true;
          }
          return false;
        });
        if (changed && dispatch) dispatch(tr);
        return changed;
      };
    return { indent: () => shift(1), outdent: () => shift(-1) };
  },
  addKeyboardShortcuts() {
    return {
      'Mod-]': () => this.editor.commands.indent(),
      'Mod-[': () => this.editor.commands.outdent(),
    };
  },
});

const scriptMark = (name: 'subscript' | 'superscript', tag: 'sub' | 'sup', other: string, key: string) =>
  Mark.create({
    name,
    excludes: other,
    parseHTML: () => [{ tag }],
    renderHTML: ({ HTMLAttributes }) => [tag, mergeAttributes(HTMLAttributes), 0],
    addCommands() {
      const command = name === 'subscript' ? 'toggleSubscript' : 'toggleSuperscript';
      return { [command]: () => ({ commands }: CommandProps) => commands.toggleMark(name) } as unknown as Partial<RawCommands>;
    },
    addKeyboardShortcuts() {
      return { [key]: () => this.editor.commands.toggleMark(name) };
    },
  });

const Subscript = scriptMark('subscript', 'sub', 'superscript', 'Mod-,');
const Superscript = scriptMark('superscript', 'sup', 'subscript', 'Mod-.');

/** A YouTube or Vimeo player, saved as the <iframe> the server keeps. */
const Video = Node.create({
  name: 'video',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null } };
  },
  parseHTML() {
    return [
      {
        tag: 'iframe[src]',
        getAttrs: (el) => {
          const src = (el as HTMLElement).getAttribute('src') ?? '';
          return videoEmbedUrl(src) || /^https:\/\/(www\.youtube(-nocookie)?\.com\/embed\/|player\.vimeo\.com\/video\/)/.test(src)
            ? { src }
            : false;
        },
      },
    ];
  },
  renderHTML({ HTMLAttributes }) {
    return [
      'iframe',
      { src: HTMLAttributes.src, class: 'ql-video', frameborder: '0', allowfullscreen: 'true', width: '640', height: '360' },
    ];
  },
  addCommands() {
    return { setVideo: (src) => ({ commands }) => commands.insertContent({ type: this.name, attrs: { src } }) };
  },
});

/** Links keep http, https, mailto, tel and sms; any other address becomes the blank placeholder. */
const SafeLink = Link.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      href: {
        default: null,
        parseHTML: (el: HTMLElement) => filterLinkHref(el.getAttribute('href')),
        renderHTML: (a: Record<string, unknown>) => ({ href: filterLinkHref(a.href as string) }),
      },
    };
  },
  addCommands() {
    return {
      ...this.parent?.(),
      setLink:
        (attributes) =>
        ({ chain }) =>
          chain()
            .setMark(this.name, { ...attributes, href: filterLinkHref(attributes.href) })
            .setMeta('preventAutolink', true)
            .run(),
    };
  },
}).configure({ openOnClick: false, isAllowedUri: () => true, autolink: true });

/** Images from http(s) or data PNG/JPEG only (the sanitiser's rule). */
const SafeImage = Image.extend({
  parseHTML() {
    return [{ tag: 'img[src]', getAttrs: (el) => (isAllowedImageSrc((el as HTMLElement).getAttribute('src')) ? null : false) }];
  },
}).configure({ allowBase64: true, inline: false });

const ClearFormatting = Extension.create({
  name: 'clearFormatting',
  addCommands() {
    return {
      clearFormatting:
        () =>
        ({ chain }) =>
          chain().unsetAllMarks().clearNodes().unsetTextAlign().run(),
    };
  },
});

export type EditorVariant = 'full' | 'about';

/** An item's title is its page's one h1, so an h1 in a post (pasted, or saved before) is an h2. */
export const demoteH1 = (html: string) => html.replace(/<(\/?)h1(?=[\s>])/gi, '<$1h2');

/** The extensions of one editor; About has no code, code block, image or video. */
export function editorExtensions(variant: EditorVariant, placeholder: string) {
  const about = variant === 'about';
  return [
    StarterKit.configure({
      heading: { levels: about ? [1, 2, 3] : [2, 3] },
      link: false,
      code: about ? false : undefined,
      codeBlock: about ? false : undefined,
    }),
    SafeLink,
    TextStyle,
    Highlight.configure({ multicolor: true }),
    TextAlign,
    Indent,
    Subscript,
    Superscript,
    ClearFormatting,
    Placeholder.configure({ placeholder }),
    ...(about ? [] : [SafeImage, Video, ...TableKit]),
  ];
}
