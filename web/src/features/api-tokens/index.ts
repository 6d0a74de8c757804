/** Personal API tokens (decision 36): the card in Settings > Profile that lists, creates and revokes them. */
export { ApiTokensCard } from './components/api-tokens-card';
