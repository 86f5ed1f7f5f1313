import { TOASTS, type TAuthUser, type TExhibitorProfile } from '@flohmarkt/contracts';
import { toast } from '@/components/ui/toast/use-toast';
import { reportError } from '@/components/auth-guard/lib/session-expired';
import { TextAreaField, TextField } from '@/components/form/Field';
import { FormActions, FormCard } from '@/components/form/FormCard';
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
  const { values, showErrors, clearErrors, formRef, field } = useFormState<ProfileFormValues>(() => profileToValues(user, profile));
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
    <FormCard formRef={formRef} label="Profil bearbeiten" onSubmit={submit}>
      <p className="field-hint">Mit * markierte Felder sind Pflichtfelder.</p>
      <div className="form-row">
        <TextField {...field('firstName')} label="Vorname" required autoComplete="given-name" />
        <TextField {...field('lastName')} label="Nachname" required autoComplete="family-name" />
      </div>
      <TextAreaField {...field('bio')} label="Über mich" hint="Erzähl Besuchern, was sie an deinem Stand erwartet." />
      <TextField {...field('specialties')} label="Spezialgebiete" hint="Mehrere mit Komma trennen, z. B. Schallplatten, Vintage-Mode" />
      <div className="form-row">
        <TextField {...field('kleinanzeigenUrl')} label="Kleinanzeigen-Profil" type="url" inputMode="url" placeholder="https://www.kleinanzeigen.de/…" />
        <TextField {...field('vintedUrl')} label="Vinted-Profil" type="url" inputMode="url" placeholder="https://www.vinted.de/…" />
      </div>
      <FormActions label="Profil speichern" busy={save.isPending} busyLabel="Wird gespeichert …">
        <button type="button" className="button button--ghost" onClick={onDone}>
          Abbrechen
        </button>
      </FormActions>
    </FormCard>
  );
}
