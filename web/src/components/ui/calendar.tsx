// Month calendar (react-day-picker) in the interface language, with the indigo accent.
import type { ComponentProps, CSSProperties } from 'react';
import { DayPicker } from 'react-day-picker';
import { cs, enUS } from 'react-day-picker/locale';
import 'react-day-picker/style.css';

import { useLanguage } from '@/lib/i18n';
import { cn } from '@/lib/utils';

const accent = {
  '--rdp-accent-color': '#4f46e5',
  '--rdp-accent-background-color': '#eef2ff',
  '--rdp-day-height': '38px',
  '--rdp-day-width': '38px',
  '--rdp-day_button-height': '36px',
  '--rdp-day_button-width': '36px',
} as CSSProperties;

export type CalendarProps = ComponentProps<typeof DayPicker>;

export function Calendar({ className, style, ...props }: CalendarProps) {
  const language = useLanguage();
  return (
    <DayPicker
      locale={language === 'cs' ? cs : enUS}
      className={cn('text-sm text-slate-800', className)}
      style={{ ...accent, ...style }}
      {...props}
    />
  );
}
