import type { TExhibitorProfile } from '@flohmarkt/contracts';
import { CheckboxField, FormMessage } from '@/components/form/Field';
import { toast } from '@/components/ui/toast/use-toast';
import { useSetProfileVisibility } from '../api/set-profile-visibility';

export const VISIBILITY_TEXTS = {
  title: 'Sichtbarkeit',
  label: 'Mein Profil ist öffentlich',
  hintPublic: 'Besucher sehen deine Ausstellerseite mit Bio, Links und Ständen; deine Stände verlinken auf sie.',
  hintPrivate:
    'Nur du und die Admins sehen dein Profil. Deine Stände zeigen deinen Namen (oder nur die Standnummer, wie du es beim Stand gewählt hast), aber keinen Link zu dir.',
  madePublic: 'Dein Profil ist jetzt öffentlich.',
  madePrivate: 'Dein Profil ist jetzt privat.',
} as const;

/** The profile page's switch between a public and a private seller profile (docs/product.md#privacy). */
export function ProfileVisibilityCard({ userId, profile }: { userId: string; profile: TExhibitorProfile | null }) {
  const change = useSetProfileVisibility(userId);
  const isPublic = (change.isPending ? change.variables.visibility : (profile?.visibility ?? 'public')) === 'public';

  return (
    <section className="card" aria-labelledby="visibility-title">
      <h2 id="visibility-title" className="card__title">
        {VISIBILITY_TEXTS.title}
      </h2>
      <CheckboxField
        asSwitch
        id="profilePublic"
        label={VISIBILITY_TEXTS.label}
        checked={isPublic}
        hint={isPublic ? VISIBILITY_TEXTS.hintPublic : VISIBILITY_TEXTS.hintPrivate}
        onCheckedChange={(checked) =>
          change.mutate(
            { profileId: profile?.id ?? null, visibility: checked ? 'public' : 'private' },
            { onSuccess: () => toast({ title: checked ? VISIBILITY_TEXTS.madePublic : VISIBILITY_TEXTS.madePrivate }) },
          )
        }
      />
      <FormMessage message={change.error?.message} />
    </section>
  );
}
