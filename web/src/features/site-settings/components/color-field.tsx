// A hex colour setting: a text box, a swatch and the browser's colour picker, kept in sync.
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { interpolate } from '@/lib/i18n';
import { useSettingsTexts } from '@/lib/i18n/settings-texts';

import { HEX_COLOR, type ColorField as ColorFieldName } from '../utils/settings-form';

interface ColorFieldProps {
  id: string;
  name: ColorFieldName;
  label: string;
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
}

export function ColorField({ id, name, label, value, error, onChange }: ColorFieldProps) {
  const settingsT = useSettingsTexts();
  const valid = HEX_COLOR.test(value.trim());
  const color = valid ? value.trim().toLowerCase() : '#000000';
  return (
    <Field id={id} name={name} label={label} error={error}>
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          data-testid={`swatch-${name}`}
          className="size-10 shrink-0 rounded-lg border border-slate-300 shadow-inner"
          style={{ backgroundColor: valid ? color : 'transparent' }}
        />
        <Input
          id={id}
          name={name}
          data-testid={`field-${name}`}
          value={value}
          maxLength={7}
          spellCheck={false}
          className="font-mono"
          aria-invalid={error ? true : undefined}
          aria-describedby={fieldDescribedBy(id, error)}
          onChange={(event) => onChange(event.target.value)}
        />
        <input
          type="color"
          data-testid={`picker-${name}`}
          aria-label={interpolate(settingsT.pickColor, { label })}
          value={color}
          onChange={(event) => onChange(event.target.value)}
          className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
        />
      </div>
    </Field>
  );
}
