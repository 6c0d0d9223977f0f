import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { getData } from '@kelasku/shared-api';

interface Item {
  id?: number | string;
  username?: string;
  email?: string;
  name?: string;
}

/** Accepts a bare array or the API's `{users: [...]}` page. */
function itemsOf(data: unknown): Item[] {
  if (Array.isArray(data)) return data as Item[];
  const users = (data as { users?: unknown } | null)?.users;
  return Array.isArray(users) ? (users as Item[]) : [];
}

/** /test: developer listing view of the API (GET /api/v1/users), at most the first two items. */
export function DevListPage() {
  const { t } = useTranslation('shell');
  const [items, setItems] = useState<Item[] | null>(null);

  useEffect(() => {
    getData<unknown>('/users').then(
      (data) => setItems(itemsOf(data)),
      // As specified, a failed fetch is only logged (getData logs `GET /users failed:`) and the view stays on 'Loading...'.
      () => undefined,
    );
  }, []);

  return (
    <Box component="main" sx={{ p: 3, maxWidth: 640 }}>
      {items === null ? (
        <Typography>{t('boot.loading')}</Typography>
      ) : (
        <>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
            {t('dev.list.title')}
          </Typography>
          {items.length === 0 ? (
            <Typography>{t('dev.list.empty')}</Typography>
          ) : (
            <List>
              {items.slice(0, 2).map((item, i) => (
                <ListItem key={item.id ?? i} disableGutters>
                  <ListItemText primary={item.username ?? item.name ?? String(item.id)} secondary={item.email} />
                </ListItem>
              ))}
            </List>
          )}
        </>
      )}
      <Link component={RouterLink} to="/post">
        {t('dev.list.postLink')}
      </Link>
    </Box>
  );
}
