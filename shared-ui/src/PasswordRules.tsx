import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { PASSWORD_RULES, passwordProblems, type PasswordRuleCode } from '@kelasku/shared-rules/src/passwords';

const RULE_KEY: Record<PasswordRuleCode, string> = {
  'password-too-short': 'password.rules.password-too-short',
  'password-too-long': 'password.rules.password-too-long',
  'password-same-as-current': 'password.rules.password-same-as-current',
};

/**
 * The rules a chosen password must meet (shared-rules passwords.ts, the server's own), ticked as `password` meets
 * them: every field where someone chooses a password lists them, point its input's aria-describedby at `id`.
 * `current`, the password it replaces, when the screen asks for it (then "different from the current one" is listed).
 */
export function PasswordRules({ id, password, current }: { id: string; password: string; current?: string }) {
  const { t } = useTranslation('common');
  const broken = new Set(passwordProblems(password, current).map((rule) => rule.code));
  const rules = PASSWORD_RULES.filter((rule) => current !== undefined || rule.code !== 'password-same-as-current');
  return (
    <Box component="ul" id={id} aria-label={t('password.rulesLabel')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rules.map((rule) => {
        const met = password !== '' && !broken.has(rule.code);
        return (
          <Box
            component="li"
            key={rule.code}
            data-met={met}
            sx={{ display: 'flex', alignItems: 'center', gap: 1, color: met ? 'success.main' : 'text.secondary' }}
          >
            {met ? (
              <CheckCircleIcon fontSize="small" aria-hidden />
            ) : (
              <RadioButtonUncheckedIcon fontSize="small" aria-hidden />
            )}
            <span>{t(RULE_KEY[rule.code], { limit: rule.limit })}</span>
            <Box component="span" sx={visuallyHidden}>
              {t(met ? 'password.met' : 'password.notMet')}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
