import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { cn } from '@/lib/utils';

const LENGTH = 6;

/**
 * Six single-digit boxes. Typing moves on, Backspace moves back, a pasted code
 * fills them all, and `onComplete` fires when all six hold a digit.
 */
export function CodeInput({
  value,
  onChange,
  onComplete,
  disabled,
  invalid,
}: {
  value: string;
  onChange: (code: string) => void;
  onComplete: (code: string) => void;
  disabled?: boolean;
  invalid?: boolean;
}) {
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  const digits = Array.from({ length: LENGTH }, (_, i) => value[i] ?? '');

  const set = (next: string) => {
    const code = next.replace(/\D/g, '').slice(0, LENGTH);
    onChange(code);
    boxes.current[Math.min(code.length, LENGTH - 1)]?.focus();
    if (code.length === LENGTH) onComplete(code);
  };

  const type = (index: number, typed: string) => {
    const digit = typed.replace(/\D/g, '').slice(-1);
    if (!digit) return;
    set(value.slice(0, index) + digit + value.slice(index + 1));
  };

  const keyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !digits[index] && index > 0) {
      event.preventDefault();
      onChange(value.slice(0, index - 1));
      boxes.current[index - 1]?.focus();
    } else if (event.key === 'Backspace') {
      onChange(value.slice(0, index));
    } else if (event.key === 'Enter' && value.length === LENGTH) {
      onComplete(value);
    }
  };

  const paste = (event: ClipboardEvent) => {
    event.preventDefault();
    set(event.clipboardData.getData('text'));
  };

  return (
    <div className="flex justify-center gap-2" role="group" aria-label="Verification code">
      {digits.map((digit, index) => (
        <input
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          value={digit}
          onChange={(event) => type(index, event.target.value)}
          onKeyDown={(event) => keyDown(index, event)}
          onPaste={paste}
          onFocus={(event) => event.target.select()}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          maxLength={1}
          disabled={disabled}
          aria-label={`Digit ${index + 1}`}
          aria-invalid={invalid}
          autoFocus={index === 0}
          className={cn(
            'size-11 rounded-md border border-input bg-background text-center text-lg font-semibold shadow-sm outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50 sm:size-12',
            invalid && 'border-destructive',
          )}
        />
      ))}
    </div>
  );
}
