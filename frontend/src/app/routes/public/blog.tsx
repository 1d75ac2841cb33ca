import { ItemPage } from './item-page';

export default function BlogRoute() {
  return <ItemPage type="blog" />;
}
