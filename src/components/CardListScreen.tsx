import { useId, type ReactNode } from 'react';
import { CardSkeleton } from './CardSkeleton';
import { CardGrid } from './EntityCard';
import { EmptyState } from './EmptyState';
import { LoadFailure } from './LoadFailure';
import { PageHeader } from './PageHeader';
import { SearchBox } from './SearchBox';
import './listControls.css';

export interface CardListScreenProps {
  title: string;
  /** e.g. "2 conductores registrados", once loaded. */
  subtitle?: string;
  createLabel: string;
  /** Left out for a read-only viewer (Operador): no create button anywhere. */
  onCreate?: () => void;
  isLoading: boolean;
  /** False until the list arrived. */
  loaded: boolean;
  /** Set when the load failed: what stays on screen (beside the notice) and how to ask again. */
  failure?: { message: string; onRetry: () => void };
  total: number;
  emptyMessage: string;
  emptyActionLabel: string;
  searchLabel: string;
  searchPlaceholder: string;
  query: string;
  onQueryChange: (query: string) => void;
  noMatchText: string;
  /** The cards that match the search (and the filter). */
  cards: ReactNode[];
  /** Sort, filter and view switch (ListControls), beside the search box. */
  controls?: ReactNode;
  /** Set in the table view: the same records as a compact table, shown instead of the cards. */
  table?: ReactNode;
  /** The open create/edit form, if any. */
  modal: ReactNode;
}

/**
 * The shape shared by the drivers and vehicles screens: a header with the create button, then
 * placeholder cards while loading, an empty state with nothing registered, or a search box over
 * the grid of cards.
 */
export function CardListScreen(props: CardListScreenProps) {
  const titleId = useId();

  function content() {
    if (props.isLoading) return <CardSkeleton />;
    if (!props.loaded) return props.failure ? <LoadFailure message={props.failure.message} onRetry={props.failure.onRetry} /> : null;
    if (props.total === 0) return <EmptyState message={props.emptyMessage} actionLabel={props.emptyActionLabel} onAction={props.onCreate} />;
    return (
      <>
        <div className="flota-list-toolbar">
          <SearchBox label={props.searchLabel} placeholder={props.searchPlaceholder} value={props.query} onChange={props.onQueryChange} />
          {props.controls}
        </div>
        {props.cards.length === 0 ? <p className="flota-loading">{props.noMatchText}</p> : (props.table ?? <CardGrid label={props.title}>{props.cards}</CardGrid>)}
      </>
    );
  }

  return (
    <section aria-labelledby={titleId}>
      <PageHeader id={titleId} title={props.title} subtitle={props.subtitle}>
        {props.onCreate && (
          <button type="button" className="flota-button flota-button--primary" onClick={props.onCreate}>
            {props.createLabel}
          </button>
        )}
      </PageHeader>
      {content()}
      {props.modal}
    </section>
  );
}
