import { Button, Input } from '@sojourn/ui';
import { Eye, EyeOff } from 'lucide-react';
import * as React from 'react';

/** Password input with a show / hide control. */
export const PasswordInput = React.forwardRef<HTMLInputElement, React.InputHTMLAttributes<HTMLInputElement>>((props, ref) => {
  const [visible, setVisible] = React.useState(false);
  return (
    <div className="relative">
      <Input ref={ref} type={visible ? 'text' : 'password'} className="pr-11" {...props} />
      <Button
        variant="ghost"
        size="icon"
        className="absolute right-0.5 top-0.5 size-9 text-muted-foreground"
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-pressed={visible}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
      </Button>
    </div>
  );
});
PasswordInput.displayName = 'PasswordInput';
