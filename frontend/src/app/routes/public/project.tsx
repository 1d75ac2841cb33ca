import { ItemPage } from './item-page';

export default function ProjectRoute() {
  return <ItemPage type="project" />;
}
