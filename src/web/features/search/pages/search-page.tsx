import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAddToCart } from '#web/api/cart';
import { useProductList } from '#web/api/catalogue';
import { AddProblem } from '#web/components/catalogue/add-problem';
import { ProductGrid, ProductGridSkeleton } from '#web/components/catalogue/product-grid';
import { SearchIcon } from '#web/components/ui/icons';
import { PageHeader } from '#web/components/ui/page-header';
import { ErrorState, StateView } from '#web/components/ui/states';
import { useDocumentTitle } from '#web/lib/document-title';
import { SearchHelp } from '../components/search-help';
import { SearchSuggestions } from '../components/search-suggestions';
import '../search.css';

/**
 * Search (docs/product.md §2): a text form; 'Searching For' and the term, with the number of results
 * once found; not found when empty, with "did you mean" and popular products; popular searches and
 * categories before a search.
 */
export function SearchPage() {
  const { t } = useTranslation('search');
  const [params, setParams] = useSearchParams();
  const term = (params.get('q') ?? '').trim();
  const [text, setText] = useState(term);
  useDocumentTitle(term ? `${t('searchingFor')} ${term}` : t('title'));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = text.trim();
    if (next) setParams({ q: next });
  };

  return (
    <>
      <PageHeader title={t('title')} />
      <search>
        <form className="search-form" onSubmit={submit}>
          <label htmlFor="search-input" className="visually-hidden">
            {t('label')}
          </label>
          <div className="search-field">
            <SearchIcon width={20} height={20} />
            <input
              id="search-input"
              type="search"
              name="q"
              value={text}
              placeholder={t('placeholder')}
              autoComplete="off"
              enterKeyHint="search"
              // The shopper came here to type: the header's search box is a link to this form.
              // biome-ignore lint/a11y/noAutofocus: see above
              autoFocus={term === ''}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
          <button type="submit" className="button button-primary">
            {t('submit')}
          </button>
        </form>
      </search>
      {term ? <SearchResults key={term} term={term} /> : <SearchSuggestions />}
    </>
  );
}

function SearchResults({ term }: { term: string }) {
  const { t } = useTranslation('search');
  const { add, message } = useAddToCart();
  const query = useProductList({ en_search: term });
  return (
    <section className="search-results" aria-labelledby="search-heading">
      <h2 id="search-heading" className="section-title search-heading" aria-live="polite">
        {query.isSuccess ? (
          t('resultsFor', { count: query.data.total, term })
        ) : (
          <>
            {t('searchingFor')} <span className="search-term">{term}</span>
          </>
        )}
      </h2>
      <AddProblem message={message} />
      {query.isPending ? (
        <ProductGridSkeleton />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} />
      ) : query.data.list.length === 0 ? (
        <>
          <StateView kind="notFound" />
          <SearchHelp term={term} onAdd={add} />
        </>
      ) : (
        <ProductGrid products={query.data.list} onAdd={add} eager={4} label={term} />
      )}
    </section>
  );
}
