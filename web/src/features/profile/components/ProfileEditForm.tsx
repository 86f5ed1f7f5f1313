import { TOASTS, type TAuthUser, type TExhibitorProfile } from '@flohmarkt/contracts';
import { toast } from '@/components/ui/toast/use-toast';
import { reportError } from '@/components/auth-guard/lib/session-expired';
import { TextAreaField, TextField } from '@/components/form/Field';
import { useFormState } from '@/components/form/use-form-state';
import { useSaveProfile } from '../api/save-profile';
import { checkProfile, profileToValues, type ProfileFormValues } from '../lib/profile-form';

interface ProfileEditFormProps {
  user: TAuthUser;
  profile: TExhibitorProfile | null;
  onDone: () => void;
}

/** The profile's edit mode: names, bio, specialties and the two classified-ad links. */
export function ProfileEditForm({ user, profile, onDone }: ProfileEditFormProps) {
  const { values, set, errors, showErrors, clearErrors, formRef } = useFormState<ProfileFormValues>(() => profileToValues(user, profile));
  const save = useSaveProfile(user.id);

  const submit = () => {
    const checked = checkProfile(values);
    if (!checked.ok) return showErrors(checked.errors);
    clearErrors();
    save.mutate(
      { userId: user.id, profileId: profile?.id ?? null, names: checked.names, profile: checked.profile },
      {
        onSuccess: () => {
          toast({ title: TOASTS.profileUpdated });
          onDone();
        },
        onError: (error) => reportError(error, TOASTS.profileUpdateFailed),
      },
    );
  };

  return (
    <form
      ref={formRef}
      className="form card"
      noValidate
      aria-label="Profil bearbeiten"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <p className="field-hint">Mit * markierte Felder sind Pflichtfelder.</p>
      <div className="form-row">
        <TextField
          id="firstName"
          label="Vorname"
          required
          autoComplete="given-name"
          value={values.firstName}
          onValueChange={(v) => set('firstName', v)}
          error={errors.firstName}
        />
        <TextField
          id="lastName"
          label="Nachname"
          required
          autoComplete="family-name"
          value={values.lastName}
          onValueChange={(v) => set('lastName', v)}
          error={errors.lastName}
        />
      </div>
      <TextAreaField
        id="bio"
        label="Über mich"
        value={values.bio}
        onValueChange={(v) => set('bio', v)}
        error={errors.bio}
        hint="Erzähl Besuchern, was sie an deinem Stand erwartet."
      />
      <TextField
        id="specialties"
        label="Spezialgebiete"
        value={values.specialties}
        onValueChange={(v) => set('specialties', v)}
        error={errors.specialties}
        hint="Mehrere mit Komma trennen, z. B. Schallplatten, Vintage-Mode"
      />
      <div className="form-row">
        <TextField
          id="kleinanzeigenUrl"
          label="Kleinanzeigen-Profil"
          type="url"
          inputMode="url"
          placeholder="https://www.kleinanzeigen.de/…"
          value={values.kleinanzeigenUrl}
          onValueChange={(v) => set('kleinanzeigenUrl', v)}
          error={errors.kleinanzeigenUrl}
        />
        <TextField
          id="vintedUrl"
          label="Vinted-Profil"
          type="url"
          inputMode="url"
          placeholder="https://www.vinted.de/…"
          value={values.vintedUrl}
          onValueChange={(v) => set('vintedUrl', v)}
          error={errors.vintedUrl}
        />
      </div>
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? 'Wird gespeichert …' : 'Profil speichern'}
        </button>
        <button type="button" className="button button--ghost" onClick={onDone}>
          Abbrechen
        </button>
      </div>
    </form>
  );
}
