namespace App
{
    public class Service
    {
        void Store(Repo repo, string item)
        {
            repo.Save(item);
        }
    }
}
