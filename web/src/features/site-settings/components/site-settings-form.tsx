// Site Settings (/admin/site-settings): the hero's title, description, colours and image.
import { useTranslationsTexts } from '@/lib/i18n/translations-texts';
import { CircleAlert, ImageOff, LayoutDashboard, ShieldAlert } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { PageShell } from '@/components/layouts/page-shell';
import { StatusScreen } from '@/components/layouts/status-screen';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { useSecurityTexts } from '@/lib/i18n/security-texts';
import { useSettingsTexts } from '@/lib/i18n/settings-texts';
import type { SiteSettings } from '@/types/api';

import { useSiteSettings } from '../api/get-site-settings';
import { settingsFieldErrors, useUpdateSiteSettings } from '../api/update-site-settings';
import {
  HERO_TEXT_FIELDS,
  type HeroTextField,
  settingsValuesOf,
  validateSettings,
  type SettingsErrors,
  type SettingsValues,
} from '../utils/settings-form';

import { ColorField } from './color-field';

/** The upload control for the hero image; the page supplies it (features/uploads). */
export type RenderHeroImageUpload = (onUploaded: (url: string) => void) => ReactNode;

function AccessDenied() {
  const settingsT = useSettingsTexts();
  return (
    <StatusScreen
      testId="settings-denied"
      icon={<ShieldAlert aria-hidden="true" />}
      title={settingsT.accessDenied}
      message={settingsT.adminOnly}
      action={
        <Button asChild>
          <Link to={paths.home.getHref()}>{settingsT.returnHome}</Link>
        </Button>
      }
    />
  );
}

function SettingsSkeleton() {
  return (
    <div data-testid="settings-skeleton" className="grid gap-6">
      {[0, 1, 2].map((card) => (
        <Card key={card} className="space-y-4 p-6">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </Card>
      ))}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">{children}</CardContent>
    </Card>
  );
}

interface SettingsFormProps {
  initial: SiteSettings;
  renderHeroImageUpload: RenderHeroImageUpload;
}

function SettingsForm({ initial, renderHeroImageUpload }: SettingsFormProps) {
  const settingsT = useSettingsTexts();
  const trT = useTranslationsTexts();
  const secT = useSecurityTexts();
  const id = useId();
  const [values, setValues] = useState<SettingsValues>(() => settingsValuesOf(initial));
  const [errors, setErrors] = useState<SettingsErrors>({});
  const save = useUpdateSiteSettings();
  const fieldId = (name: string) => `${id}-${name}`;

  const set = <K extends keyof SettingsValues>(key: K, value: SettingsValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const found = validateSettings(values, settingsT);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    save.mutate(values, {
      onSuccess: (saved) => setValues(settingsValuesOf(saved)),
      onError: (error) => setErrors(settingsFieldErrors(error, settingsT)),
    });
  };

  // An on/off setting with its label and what it does.
  const switchRow = (
    name: 'aiForAuthors' | 'requireTwoFactorForAdmins' | 'requireTwoFactorForAuthors',
    label: string,
    hint: string,
  ) => (
    <div className="flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <Switch
        id={fieldId(name)}
        data-testid={`field-${name}`}
        checked={values[name] === true}
        onCheckedChange={(checked) => set(name, checked)}
        aria-describedby={`${fieldId(name)}-hint`}
      />
      <div className="grid gap-1">
        <Label htmlFor={fieldId(name)}>{label}</Label>
        <p id={`${fieldId(name)}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      </div>
    </div>
  );

  const textField = (
    name: 'siteTitle' | 'heroImageWidth' | 'heroImageHeight' | 'heroImage',
    label: string,
    hint?: string,
  ) => (
    <Field id={fieldId(name)} name={name} label={label} error={errors[name]} hint={hint}>
      <Input
        id={fieldId(name)}
        name={name}
        data-testid={`field-${name}`}
        value={values[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={fieldDescribedBy(fieldId(name), errors[name], hint)}
        onChange={(event) => set(name, event.target.value)}
      />
    </Field>
  );

  return (
    <form noValidate onSubmit={onSubmit} data-testid="site-settings-form" className="grid gap-6">
      <Section title={settingsT.sections.text}>
        {textField('siteTitle', settingsT.siteTitle)}
        <Field
          id={fieldId('siteDescription')}
          name="siteDescription"
          label={settingsT.siteDescription}
          error={errors.siteDescription}
        >
          <Textarea
            id={fieldId('siteDescription')}
            name="siteDescription"
            rows={3}
            data-testid="field-siteDescription"
            value={values.siteDescription}
            aria-invalid={errors.siteDescription ? true : undefined}
            aria-describedby={fieldDescribedBy(fieldId('siteDescription'), errors.siteDescription)}
            onChange={(event) => set('siteDescription', event.target.value)}
          />
        </Field>
      </Section>

      <Section title={settingsT.heroTexts}>
        <p className="text-sm text-slate-500">{settingsT.heroTextsHint}</p>
        <div className="grid gap-5 md:grid-cols-2">
          {HERO_TEXT_FIELDS.map((name: HeroTextField) => {
            const Control = name.startsWith('heroDescription') ? Textarea : Input;
            return (
              <Field
                key={name}
                id={fieldId(name)}
                name={name}
                label={settingsT[name]}
                error={errors[name]}
              >
                <Control
                  id={fieldId(name)}
                  name={name}
                  data-testid={`field-${name}`}
                  value={values[name]}
                  aria-invalid={errors[name] ? true : undefined}
                  aria-describedby={fieldDescribedBy(fieldId(name), errors[name])}
                  onChange={(event: { target: { value: string } }) => set(name, event.target.value)}
                />
              </Field>
            );
          })}
        </div>
      </Section>

      <Section title={settingsT.sections.colors}>
        <div className="grid gap-5 md:grid-cols-3">
          <ColorField
            id={fieldId('heroBackgroundColor')}
            name="heroBackgroundColor"
            label={settingsT.heroBackgroundColor}
            value={values.heroBackgroundColor}
            error={errors.heroBackgroundColor}
            onChange={(value) => set('heroBackgroundColor', value)}
          />
          <ColorField
            id={fieldId('titleColor')}
            name="titleColor"
            label={settingsT.titleColor}
            value={values.titleColor}
            error={errors.titleColor}
            onChange={(value) => set('titleColor', value)}
          />
          <ColorField
            id={fieldId('subtitleColor')}
            name="subtitleColor"
            label={settingsT.subtitleColor}
            value={values.subtitleColor}
            error={errors.subtitleColor}
            onChange={(value) => set('subtitleColor', value)}
          />
        </div>
      </Section>

      <Section title={settingsT.sections.image}>
        <div className="grid gap-5 md:grid-cols-[16rem_minmax(0,1fr)]">
          <div
            data-testid="hero-image-preview"
            className="flex aspect-[4/3] items-center justify-center overflow-hidden rounded-xl border border-slate-200 p-3"
            style={{ backgroundColor: values.heroBackgroundColor }}
          >
            {values.heroImage.trim() !== '' ? (
              <img
                src={values.heroImage.trim()}
                alt={settingsT.heroImagePreview}
                className="max-h-full max-w-full object-contain"
              />
            ) : (
              <span className="flex flex-col items-center gap-2 text-xs text-white/80">
                <ImageOff aria-hidden="true" className="size-6" />
                {settingsT.noImage}
              </span>
            )}
          </div>
          <div className="grid content-start gap-4">
            {textField('heroImage', settingsT.heroImage, settingsT.heroImageHint)}
            {renderHeroImageUpload((url) => set('heroImage', url))}
          </div>
        </div>

        <div className="flex items-center gap-3">
          <Label htmlFor={fieldId('imageOnRight')}>{settingsT.heroImagePosition}</Label>
          <span className="text-sm text-slate-600">{settingsT.imageLeft}</span>
          <Switch
            id={fieldId('imageOnRight')}
            data-testid="field-imageOnRight"
            checked={values.imageOnRight}
            onCheckedChange={(checked) => set('imageOnRight', checked)}
          />
          <span className="text-sm text-slate-600">{settingsT.imageRight}</span>
        </div>

        <div className="grid gap-5 md:grid-cols-2">
          {textField('heroImageWidth', settingsT.heroImageWidth, settingsT.heroImageWidthHint)}
          {textField('heroImageHeight', settingsT.heroImageHeight, settingsT.heroImageHeightHint)}
        </div>
      </Section>

      {switchRow('aiForAuthors', trT.aiForAuthors, trT.aiForAuthorsHint)}
      <div className="grid gap-3" data-testid="two-factor-requirements">
        {switchRow('requireTwoFactorForAdmins', secT.requireForAdmins, secT.requireHint)}
        {switchRow('requireTwoFactorForAuthors', secT.requireForAuthors, secT.requireHint)}
      </div>

      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending} data-testid="settings-save">
          {save.isPending ? settingsT.saving : settingsT.save}
        </Button>
      </div>
    </form>
  );
}

function SettingsLoader({
  renderHeroImageUpload,
}: {
  renderHeroImageUpload: RenderHeroImageUpload;
}) {
  const settingsT = useSettingsTexts();
  const query = useSiteSettings();
  if (query.isPending) return <SettingsSkeleton />;
  if (query.isError) {
    return (
      <Alert variant="destructive" data-testid="settings-error" className="flex gap-3">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div className="grid gap-3">
          <AlertTitle>{settingsT.toast.fetchFailed}</AlertTitle>
          {query.error.message ? <AlertDescription>{query.error.message}</AlertDescription> : null}
          <div>
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              {settingsT.tryAgain}
            </Button>
          </div>
        </div>
      </Alert>
    );
  }
  return <SettingsForm initial={query.data} renderHeroImageUpload={renderHeroImageUpload} />;
}

interface SiteSettingsPageProps {
  isAdmin: boolean;
  renderHeroImageUpload: RenderHeroImageUpload;
}

export function SiteSettingsPage({ isAdmin, renderHeroImageUpload }: SiteSettingsPageProps) {
  const settingsT = useSettingsTexts();
  if (!isAdmin) return <AccessDenied />;
  return (
    <PageShell
      className="max-w-5xl"
      title={settingsT.title}
      description={settingsT.description}
      actions={
        <Button asChild variant="outline" size="sm" data-testid="settings-back">
          <Link to={paths.admin.getHref()}>
            <LayoutDashboard aria-hidden="true" />
            {settingsT.backToAdmin}
          </Link>
        </Button>
      }
    >
      <SettingsLoader renderHeroImageUpload={renderHeroImageUpload} />
    </PageShell>
  );
}
