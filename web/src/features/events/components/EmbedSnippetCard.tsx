import { useId } from 'react';
import { toast, toastError } from '@/components/ui/toast/use-toast';
import { paths } from '@/lib/paths';

function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The `<iframe>` a club or city portal pastes into its page: the framed map and stand list
 * (/embed/events/{id}, the one page besides /embed/map that other sites may frame). Its links open the
 * full site in a new tab, so the frame needs no more room than this.
 */
export function embedSnippet(origin: string, event: { id: string; name: string }): string {
  const src = `${origin}${paths.embedEvent(event.id)}`;
  return `<iframe src="${attribute(src)}" title="${attribute(`Flohmarkt: ${event.name}`)}" width="100%" height="560" style="border:0" loading="lazy"></iframe>`;
}

/** "Karte einbetten": the snippet to copy, with a preview of what it shows. */
export function EmbedSnippetCard({ event, origin = window.location.origin }: { event: { id: string; name: string }; origin?: string }) {
  const fieldId = useId();
  const snippet = embedSnippet(origin, event);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      toast({ title: 'Code kopiert' });
    } catch {
      toastError('Der Code konnte nicht kopiert werden. Markiere ihn und kopiere ihn selbst.');
    }
  };

  return (
    <section className="card embed-snippet" aria-labelledby="embed-snippet-title">
      <h2 id="embed-snippet-title" className="card__title">
        Karte einbetten
      </h2>
      <p className="muted">Für Vereine, Nachbarschaftsseiten und Stadtportale: Karte und Stände auf der eigenen Website, immer aktuell.</p>
      <label htmlFor={fieldId}>HTML-Code zum Einbetten</label>
      <textarea id={fieldId} className="input embed-snippet__code" readOnly rows={4} value={snippet} onFocus={(e) => e.currentTarget.select()} />
      <div className="embed-snippet__actions">
        <button type="button" className="button button--outline button--small" onClick={() => void copy()}>
          Code kopieren
        </button>
        <a href={paths.embedEvent(event.id)} target="_blank" rel="noopener">
          Vorschau <span className="visually-hidden">(öffnet in neuem Tab)</span>
        </a>
      </div>
    </section>
  );
}
