import { callOrReturn, getExtensionField, mergeAttributes, Node } from '@tiptap/core';
import {
  addColumnAfter,
  addRowAfter,
  deleteColumn,
  deleteRow,
  deleteTable,
  goToNextCell,
  tableEditing,
  toggleHeader,
} from '@tiptap/pm/tables';
import { TextSelection } from '@tiptap/pm/state';

// Tables as the server's sanitiser keeps them (richtext/sanitize.go): table, thead/tbody, tr,
// th (with scope) and td, colspan and rowspan. Built on prosemirror-tables (in @tiptap/pm);
// @tiptap/extension-table has no release for this TipTap version.

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    table: {
      insertTable: (options?: { rows?: number; cols?: number }) => ReturnType;
      addRowAfter: () => ReturnType;
      addColumnAfter: () => ReturnType;
      deleteRow: () => ReturnType;
      deleteColumn: () => ReturnType;
      toggleHeaderRow: () => ReturnType;
      deleteTable: () => ReturnType;
    };
  }
}

const spanAttr = (name: 'colspan' | 'rowspan') => ({
  default: 1,
  parseHTML: (el: HTMLElement) => {
    const n = Number(el.getAttribute(name) ?? 1);
    return Number.isInteger(n) && n > 0 && n < 1000 ? n : 1;
  },
  renderHTML: (a: Record<string, unknown>) => (Number(a[name]) > 1 ? { [name]: a[name] } : {}),
});

const cellAttributes = () => ({
  colspan: spanAttr('colspan'),
  rowspan: spanAttr('rowspan'),
  colwidth: { default: null, rendered: false },
});

export const TableCell = Node.create({
  name: 'tableCell',
  content: 'block+',
  tableRole: 'cell',
  isolating: true,
  addAttributes: cellAttributes,
  parseHTML: () => [{ tag: 'td' }],
  renderHTML: ({ HTMLAttributes }) => ['td', mergeAttributes(HTMLAttributes), 0],
});

export const TableHeader = Node.create({
  name: 'tableHeader',
  content: 'block+',
  tableRole: 'header_cell',
  isolating: true,
  addAttributes() {
    return {
      ...cellAttributes(),
      scope: {
        default: null,
        parseHTML: (el: HTMLElement) => (['row', 'col'].includes(el.getAttribute('scope') ?? '') ? el.getAttribute('scope') : null),
        // A header cell states what it heads, so screen readers announce it with each data cell.
        renderHTML: (a: Record<string, unknown>) => ({ scope: a.scope ?? 'col' }),
      },
    };
  },
  parseHTML: () => [{ tag: 'th' }],
  renderHTML: ({ HTMLAttributes }) => ['th', mergeAttributes(HTMLAttributes), 0],
});

export const TableRow = Node.create({
  name: 'tableRow',
  content: '(tableCell | tableHeader)*',
  tableRole: 'row',
  parseHTML: () => [{ tag: 'tr' }],
  renderHTML: ({ HTMLAttributes }) => ['tr', mergeAttributes(HTMLAttributes), 0],
});

export const Table = Node.create({
  name: 'table',
  group: 'block',
  content: 'tableRow+',
  tableRole: 'table',
  isolating: true,
  // prosemirror-tables finds its nodes by the tableRole in their schema spec.
  extendNodeSchema(extension) {
    return { tableRole: callOrReturn(getExtensionField(extension, 'tableRole', { name: extension.name, options: extension.options, storage: extension.storage })) };
  },
  parseHTML: () => [{ tag: 'table' }],
  renderHTML: ({ HTMLAttributes }) => ['table', mergeAttributes(HTMLAttributes), ['tbody', 0]],
  addProseMirrorPlugins() {
    return [tableEditing({ allowTableNodeSelection: false })];
  },
  addKeyboardShortcuts() {
    return {
      Tab: () => this.editor.commands.command(({ state, dispatch }) => goToNextCell(1)(state, dispatch)),
      'Shift-Tab': () => this.editor.commands.command(({ state, dispatch }) => goToNextCell(-1)(state, dispatch)),
    };
  },
  addCommands() {
    return {
      insertTable:
        ({ rows = 3, cols = 3 } = {}) =>
        ({ tr, dispatch, editor }) => {
          const schema = editor.schema;
          const cell = (header: boolean) =>
            schema.nodes[header ? 'tableHeader' : 'tableCell']!.createAndFill()!;
          const tableRows = Array.from({ length: rows }, (_, r) =>
            schema.nodes.tableRow!.create(null, Array.from({ length: cols }, () => cell(r === 0))),
          );
          if (dispatch) {
            const at = tr.selection.from;
            tr.replaceSelectionWith(schema.nodes.table!.create(null, tableRows)).scrollIntoView();
            // The cursor goes into the first cell, ready to type.
            let table = -1;
            tr.doc.nodesBetween(Math.max(0, tr.mapping.map(at, -1) - 1), tr.doc.content.size, (node, pos) => {
              if (table < 0 && node.type.name === 'table') table = pos;
              return table < 0;
            });
            if (table >= 0) tr.setSelection(TextSelection.near(tr.doc.resolve(table + 1), 1));
          }
          return true;
        },
      addRowAfter: () => ({ state, dispatch }) => addRowAfter(state, dispatch),
      addColumnAfter: () => ({ state, dispatch }) => addColumnAfter(state, dispatch),
      deleteRow: () => ({ state, dispatch }) => deleteRow(state, dispatch),
      deleteColumn: () => ({ state, dispatch }) => deleteColumn(state, dispatch),
      toggleHeaderRow: () => ({ state, dispatch }) => toggleHeader('row')(state, dispatch),
      deleteTable: () => ({ state, dispatch }) => deleteTable(state, dispatch),
    };
  },
});

declare module '@tiptap/core' {
  interface NodeConfig {
    /** prosemirror-tables' role of the node (table, row, cell, header_cell). */
    tableRole?: string;
  }
}

export const TableKit = [Table, TableRow, TableHeader, TableCell];
