import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { RichText } from '#web/components/ui/rich-text';

/** The editor's buttons: the browser's editing commands, each making only allow-listed elements. */
const COMMANDS = [
  { key: 'bold', command: 'bold' },
  { key: 'italic', command: 'italic' },
  { key: 'bullets', command: 'insertUnorderedList' },
  { key: 'numbers', command: 'insertOrderedList' },
  { key: 'paragraph', command: 'formatBlock', value: 'p' },
] as const;

/**
 * A small rich-text editor for a product description (no library): a contenteditable area with
 * bold, italic, bullet and numbered lists and paragraphs, and beside it the description exactly as
 * the storefront renders it (its own RichText, which keeps only the allow-list). The server
 * sanitizes what is saved; the editor shows the stored HTML after each save.
 */
export function RichTextEditor({
  label,
  value,
  lang,
  onChange,
}: {
  label: string;
  value: string;
  lang: 'en' | 'zh';
  onChange: (html: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const area = useRef<HTMLDivElement>(null);
  // Written into the area only when it changes from outside (a load, a save), so typing keeps its caret.
  useEffect(() => {
    const el = area.current;
    if (el && el.innerHTML !== value) el.innerHTML = value;
  }, [value]);
  const run = (command: string, arg?: string) => {
    area.current?.focus();
    document.execCommand(command, false, arg);
    onChange(area.current?.innerHTML ?? '');
  };
  return (
    <div className="field rich-editor">
      <span className="field-label" id={`${id}-label`}>
        {label}
      </span>
      <div className="rich-editor-tools" role="toolbar" aria-label={t('products.editor.toolbar', { label })}>
        {COMMANDS.map((c) => (
          <button
            key={c.key}
            type="button"
            className="button button-secondary"
            // Keeps the selection in the text while the button is pressed.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => run(c.command, 'value' in c ? c.value : undefined)}
          >
            {t(`products.editor.${c.key}`)}
          </button>
        ))}
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a contenteditable area is the editor; a textarea cannot hold formatting */}
      <div
        ref={area}
        className="input rich-editor-area"
        role="textbox"
        aria-multiline="true"
        aria-labelledby={`${id}-label`}
        contentEditable
        suppressContentEditableWarning
        lang={lang}
        tabIndex={0}
        onInput={(event) => onChange(event.currentTarget.innerHTML)}
      />
      <p className="rich-editor-preview-label">{t('products.editor.preview')}</p>
      <RichText className="rich-text rich-editor-preview" html={value} />
    </div>
  );
}
