import { embedTargetOf } from './embed-target';
import { EmbedLoadError, loadEventEmbed, loadMapEmbed } from './load-embed';
import { renderEmbedError, renderEventEmbed, renderMapEmbed, type EmbedView } from './render-embed';

const NOT_FOUND = 'Diesen Flohmarkt gibt es nicht (mehr).';

async function viewFor(root: HTMLElement, origin: string): Promise<EmbedView | null> {
  const target = embedTargetOf(window.location.pathname, window.location.search);
  if (target.kind === 'invalid') {
    renderEmbedError(root, target.message, origin);
    return null;
  }
  try {
    if (target.kind === 'event') {
      const { event, stands } = await loadEventEmbed(target.eventId);
      document.title = `${event.name} – Flohmarkt`;
      return renderEventEmbed(root, event, stands, origin);
    }
    return renderMapEmbed(root, await loadMapEmbed(target), target, origin);
  } catch (error) {
    const notFound = error instanceof EmbedLoadError && (error.status === 404 || error.status === 400) && target.kind === 'event';
    renderEmbedError(root, notFound ? NOT_FOUND : error instanceof Error ? error.message : String(error), origin);
    return null;
  }
}

/** Renders the list, then loads the map library and draws the map into its slot. */
export async function startEmbed(root: HTMLElement, origin = window.location.origin): Promise<void> {
  const view = await viewFor(root, origin);
  if (!view) return;
  try {
    const { showEmbedMap } = await import('./embed-map');
    showEmbedMap(view);
  } catch {
    view.mapSlot.replaceChildren('Die Karte konnte nicht geladen werden.');
  }
}
