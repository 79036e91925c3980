import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Category } from '#shared/schemas/catalogue';
import { ChevronDownIcon } from '#web/components/ui/icons';
import { useLanguage } from '#web/lib/i18n';
import { nameOf } from '#web/lib/localized';

interface CategorySwitcherProps {
  parent: Category;
  /** The child being shown, or undefined for the parent itself. */
  currentId?: number;
}

/**
 * The category page's slide-down panel (docs/product.md §2): it switches between the parent ("All") and
 * its children.
 */
export function CategorySwitcher({ parent, currentId }: CategorySwitcherProps) {
  const { t } = useTranslation('catalogue');
  const language = useLanguage();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLDivElement>(null);
  // Escape closes the open panel; focus inside it goes back to the toggle.
  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      if (root.current?.contains(document.activeElement)) toggle.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open]);
  const choices = [
    { id: undefined, to: `/category/${parent.id}`, name: t('category.all') },
    ...parent.childCategory.map((child) => ({
      id: child.id,
      to: `/category/${parent.id}/${child.id}`,
      name: nameOf(child, language),
    })),
  ];
  const current = choices.find((c) => c.id === currentId) ?? choices[0];
  return (
    <div ref={root} className={`category-switcher${open ? ' is-open' : ''}`}>
      <button
        ref={toggle}
        type="button"
        className="category-switcher-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <span>{t('category.switch', { name: current?.name })}</span>
        <ChevronDownIcon width={20} height={20} />
      </button>
      <div className="category-switcher-panel" id={panelId}>
        <nav aria-label={t('category.subcategories')} className="category-switcher-inner">
          <ul className="chip-list">
            {choices.map((choice) => (
              <li key={choice.to}>
                <Link
                  to={choice.to}
                  replace
                  className="chip"
                  aria-current={choice.id === currentId ? 'page' : undefined}
                  onClick={() => setOpen(false)}
                >
                  {choice.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
